import Foundation
import Testing
@testable import ExpoImages

struct TileSetTests {
    private let tiles = TileSet(folder: URL(fileURLWithPath: "/tmp/none"), key: "abc", width: 6000, height: 4000, tileSize: 512,
                                full: ImageSize(width: 2400, height: 1600))

    @Test func levelsGoDownToTheOneWhereThePhotoFitsOneTile() {
        #expect(tiles.scaleFactors == [1, 2, 4, 8, 16])
        let small = TileSet(folder: tiles.folder, key: "", width: 512, height: 300, tileSize: 512, full: ImageSize(width: 512, height: 300))
        #expect(small.scaleFactors == [1])
    }

    @Test func tileNamesAreTheIIIFRequestsThatAskForThem() {
        #expect(tiles.tilePath(scale: 1, column: 0, row: 0) == "0,0,512,512/512,512/0/default.jpg")
        #expect(tiles.tilePath(scale: 1, column: 11, row: 7) == "5632,3584,368,416/368,416/0/default.jpg")
        #expect(tiles.tilePath(scale: 4, column: 2, row: 1) == "4096,2048,1904,1952/476,488/0/default.jpg")
        #expect(tiles.tilePath(scale: 16, column: 0, row: 0) == "0,0,6000,4000/375,250/0/default.jpg")
        #expect(tiles.tilePath(scale: 1, column: 12, row: 0) == nil)
        #expect(tiles.tilePath(scale: 3, column: 0, row: 0) == nil)
        #expect(tiles.tilePath(scale: 1, column: -1, row: 0) == nil)
    }

    @Test func onlyItsOwnNamesAreTiles() {
        #expect(tiles.isTile("0,0,512,512/512,512/0/default.jpg"))
        #expect(tiles.isTile("full/max/0/default.jpg"))
        for name in ["0,0,600,600/600,600/0/default.jpg", "../tiles.json", "0,0,512,512/512,512/0/default.png",
                     "0,0,512,512/512,512/0/default.jpg/..", "0,0,512,512/256,256/0/default.jpg", "1,0,512,512/512,512/0/default.jpg",
                     "full/full/0/default.jpg", "", "/", "-512,0,512,512/512,512/0/default.jpg"] {
            #expect(!tiles.isTile(Substring(name)), "\(name)")
        }
    }
}
