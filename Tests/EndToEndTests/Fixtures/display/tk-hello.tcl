wm title . "Tk first frame"
label .greeting -text "Hello from Tk" -font {Helvetica 18} -padx 20 -pady 20
button .quit -text "Quit" -command exit
pack .greeting .quit
