import FactoryImaging
import Foundation
import Testing

/// libvips through the shim: text with wrapping, auto-fit and colour emoji; shapes; geometry.
@Suite struct ImagingTests {
    @Test func textWrapsAndFitsItsBox() throws {
        let long = String(repeating: "Breathe in, breathe out, and begin again. ", count: 6)
        let (image, size) = try TextRenderer.render(markup: TextRenderer.escape(long), style: TextStyle(size: 90), width: 600, fitHeight: 300)
        #expect(image.width <= 600 && image.height <= 300)
        #expect(size < 90)
        let short = try TextRenderer.render(markup: "Calm", style: TextStyle(size: 90), width: 600, fitHeight: 300)
        #expect(short.size == 90)
    }

    @Test func emojiRenderInColour() throws {
        let (image, _) = try TextRenderer.render(markup: "🌿🌅", style: TextStyle(size: 96, colour: "#FFFFFF"), width: 400)
        let raster = try image.pixels()
        var coloured = 0
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster.rgba(x: x, y: y)
                if p.a > 200 && (abs(Int(p.r) - Int(p.g)) > 40 || abs(Int(p.g) - Int(p.b)) > 40) { coloured += 1 }
            }
        }
        #expect(coloured > 500, "only \(coloured) coloured pixels: emoji drawn in monochrome?")
    }

    @Test func coverGivesTheExactSize() throws {
        let shape = try Shapes.roundedRect(width: 576, height: 1024, radius: 40, fill: "#336699")
        let covered = try shape.flatten().cover(width: 1080, height: 1920)
        #expect(covered.width == 1080 && covered.height == 1920)
        let square = try shape.flatten().cover(width: 1080, height: 1080)
        #expect(square.width == 1080 && square.height == 1080)
    }

    @Test func circleIsTransparentOutside() throws {
        let raster = try Shapes.circle(diameter: 100, fill: "#FF0000").pixels()
        #expect(raster.rgba(x: 50, y: 50).a == 255 && raster.rgba(x: 50, y: 50).r == 255)
        #expect(raster.rgba(x: 2, y: 2).a == 0)
    }

    @Test func signaturesAndHeaderSizes() throws {
        let jpeg = try Shapes.canvas(width: 640, height: 384, colour: "#abcdef").jpegData()
        #expect(ImageSignature.detect(jpeg) == .jpeg)
        #expect(ImageSignature.dimensions(jpeg)?.width == 640 && ImageSignature.dimensions(jpeg)?.height == 384)
        #expect(ImageSignature.detect(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
        #expect(throws: ImagingError.self) { _ = try Image.decode(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) }
    }

    @Test func saturationAndGradeKeepSize() throws {
        let image = try Shapes.canvas(width: 64, height: 32, colour: "#886644")
        let graded = try image.saturated(1.2).adjusted(brightness: -6, contrast: 1.04)
        #expect(graded.width == 64 && graded.height == 32 && graded.bands == 3)
        let before = try image.pixels().rgba(x: 5, y: 5), after = try graded.pixels().rgba(x: 5, y: 5)
        #expect(Int(after.r) - Int(after.b) > Int(before.r) - Int(before.b))
        // Grey stays grey; channels pushed past the range clip instead of wrapping; alpha is kept.
        let grey = try Shapes.canvas(width: 8, height: 8, colour: "#808080").saturated(1.5).pixels().rgba(x: 2, y: 2)
        #expect(abs(Int(grey.r) - 128) <= 1 && abs(Int(grey.g) - 128) <= 1 && abs(Int(grey.b) - 128) <= 1)
        let vivid = try Shapes.canvas(width: 8, height: 8, colour: "#F03010").withAlpha().scaledAlpha(0.5).saturated(3)
        #expect(vivid.bands == 4)
        let v = try vivid.pixels().rgba(x: 2, y: 2)
        #expect(v.r == 255 && v.b == 0 && (127...128).contains(v.a), "\(v)")
    }
}
