import QtQuick 2.0
Rectangle { width: 320; height: 200; color: "steelblue"; Text { anchors.centerIn: parent; text: "Hello"; font.pixelSize: 32 } }
