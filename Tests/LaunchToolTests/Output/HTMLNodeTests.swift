import LaunchTool
import Testing

/// The node type the HTML report is built from: escaping is the default.
@Suite("HTML nodes")
struct HTMLNodeTests {
    @Test("Text and attribute values are escaped; element names and order are kept")
    func escapesByDefault() {
        let name = "</td><script>alert('x')</script>"
        let node: HTMLNode = .el("td", ["class": "num", "title": name], "\(name) & more")
        #expect(
            node.render()
                == "<td class=\"num\" title=\"\(HTMLText.escape(name))\">\(HTMLText.escape(name)) &amp; more</td>")
    }

    @Test("Void HTML elements have no end tag; empty SVG shapes are self-closed")
    func voidAndSelfClosing() {
        #expect(HTMLNode.el("meta", ["charset": "utf-8"]).render() == "<meta charset=\"utf-8\">")
        #expect(HTMLNode.el("rect", ["x": "1"]).render() == "<rect x=\"1\"/>")
        #expect(HTMLNode.el("p").render() == "<p></p>")
    }

    @Test("Raw markup is only a constant or script-safe JSON")
    func trusted() {
        #expect(HTMLNode.raw(TrustedHTML(constant: "<!DOCTYPE html>")).render() == "<!DOCTYPE html>")
        let json = TrustedHTML.scriptJSON(["name": "</script><!--"])
        #expect(json.markup == "{\"name\":\"\\u003c\\/script\\u003e\\u003c!--\"}")
    }
}
