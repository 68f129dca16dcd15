import FactoryImaging
import FactoryMedia
import Foundation

let bg = try Shapes.svg("""
<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6d365"/><stop offset="1" stop-color="#fda085"/></linearGradient></defs><rect width="1080" height="1920" fill="url(#g)"/><circle cx="300" cy="600" r="250" fill="#ffffff" fill-opacity="0.3"/></svg>
""").flatten().grained(sigma: 6)
let (text, size) = try TextRenderer.render(markup: "Every sunrise is an invitation 🌅 to begin again.", style: TextStyle(size: 96, shadowRadius: 6), width: 936, fitHeight: 700)
print("text", text.width, text.height, size)
let t0 = Date()
let bgPixels = try LayerPixels(image: bg.flatten())
let textPixels = try LayerPixels(image: text)
print("raster", Date().timeIntervalSince(t0))
let scene = Scene(width: 1080, height: 1920, duration: 7, layers: [
  Layer(bgPixels, x: .constant(540), y: .constant(960), scale: .ramp(1, 1.08, start: 0, duration: 7)),
  Layer(textPixels, x: .constant(540), y: .constant(960), opacity: .ramp(0, 1, start: 0.8, duration: 0.6, .easeInOut)),
])
let stats = try SceneRenderer.render(scene, audio: nil, to: "/tmp/t.mp4", settings: VideoSettings(width: 1080, height: 1920))
print(stats)
let rgb = SceneRenderer.snapshot(scene, at: 4)
try Image.from(pixels: rgb, width: 1080, height: 1920, bands: 3).savePNG(to: "/tmp/t4.png")
print(try MediaProbe.probe(path: "/tmp/t.mp4"))
