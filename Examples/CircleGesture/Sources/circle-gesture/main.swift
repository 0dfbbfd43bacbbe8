// circle-gesture: one canvas with a custom recognizer that recognizes a circle drawn with
// one finger, in touchscope's window (`circle-gesture run`) or replayed headless
// (`circle-gesture replay REC --headless --trace T`).
import TouchScopeKit

TouchScopeApp.main(name: "circle-gesture", window: Size(width: 800, height: 600)) { app in
    let canvas = View(id: "canvas", frame: Rect(x: 0, y: 0, width: 800, height: 600))
    canvas.backgroundColor = Color(r: 0x22, g: 0x2a, b: 0x3a)
    canvas.text = "draw a circle with one finger"
    canvas.fontSize = 24
    canvas.handlesTouches = true
    // Two fingers reach the recognizer, so that it can say why it fails.
    canvas.isMultipleTouchEnabled = true

    let circle = CircleGestureRecognizer(id: "circle")
    var circles = 0
    circle.addTarget { [weak canvas] _ in
        circles += 1
        canvas?.text = circles == 1 ? "a circle ✓" : "\(circles) circles ✓"
    }
    circle.addAction("circled", target: nil)
    canvas.handledActions = ["circled"]
    canvas.addGestureRecognizer(circle)
    app.window.addSubview(canvas)
}
