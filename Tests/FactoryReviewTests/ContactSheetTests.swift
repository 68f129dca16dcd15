@testable import FactoryCore
@testable import FactoryKinds
@testable import FactoryReview
import FactoryImaging
import FactoryTesting
import Foundation
import Testing

/// The contact sheet: a cell per item in week order, covers fitted, placeholders for the rest.
@Suite struct ContactSheetTests {
    @Test func coversFillTheirCellsAndItemsWithoutBundlesGetPlaceholders() throws {
        let folder = try TemporaryFolder("contact-sheet")
        let week = try ReviewFixtures.week(in: folder)
        // A red 720×1280 cover for the poster (week order: mon-poster, tue-story, wed-recipe, fri-chat).
        let red = [UInt8](repeating: 0, count: 720 * 1280 * 3).enumerated().map { $0.offset % 3 == 0 ? UInt8(220) : 30 }
        try Image.from(pixels: red, width: 720, height: 1280, bands: 3).saveJPEG(to: week.appendingPathComponent("mon-poster/cover.jpg").path)
        let path = week.appendingPathComponent("contact-sheet.png").path
        let size = try ContactSheet.write(try WeekReview.load(folder: week), to: path)
        #expect(size.width == 2 * 24 + 4 * 240 + 3 * 16 && size.height == 2 * 24 + 56 + 427 + 56)
        let sheet = try Image.load(path: path).pixels()
        #expect(sheet.width == size.width && sheet.height == size.height)
        let cellTop = 24 + 56
        let poster = sheet.mean(x: 24 + 60, y: cellTop + 100, width: 120, height: 200)
        #expect(poster.r > 180 && poster.g < 70, "the poster's cell shows its cover: \(poster)")
        // The failed item's cell is the placeholder, with its status written in it.
        let failedCell = sheet.mean(x: 24 + 240 + 16 + 10, y: cellTop + 10, width: 60, height: 60)
        #expect(abs(failedCell.r - 0x2A) < 6 && abs(failedCell.b - 0x33) < 6, "\(failedCell)")
        #expect(sheet.lumaDeviation(x: 24 + 240 + 16, y: cellTop + 180, width: 240, height: 60) > 10)
    }
}
