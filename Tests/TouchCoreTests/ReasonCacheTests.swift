import Testing
@testable import TouchCore

/// Arbitration reasons are formatted once per recognizer, kind and state (issue 7), and
/// read exactly as the texts the trace has always had.
@Suite("Arbitration reasons kept per recognizer")
struct ReasonCacheTests {
    @Test("each kind and state reads as its trace text, the same every time")
    func texts() {
        let r = PanGestureRecognizer(id: "pan")
        #expect(r.reason(.preventedFirst, .began) == "failed: pan began first (default exclusivity)")
        #expect(r.reason(.preventedFirst, .recognized) == "failed: pan recognized first (default exclusivity)")
        #expect(r.reason(.cancelledFirst, .began) == "cancelled: pan began (default exclusivity)")
        #expect(r.reason(.blocks, .changed) == "failed: pan already changed and they may not recognize simultaneously")
        #expect(r.reason(.cancelsTouches, .recognized) == "cancelled: pan recognized (cancelsTouchesInView)")
        // Asked again (now from the cache), the same texts.
        #expect(r.reason(.preventedFirst, .began) == "failed: pan began first (default exclusivity)")
        #expect(r.reason(.cancelsTouches, .recognized) == "cancelled: pan recognized (cancelsTouchesInView)")
        // Another recognizer has its own.
        #expect(TapGestureRecognizer(id: "tap").reason(.preventedFirst, .began) == "failed: tap began first (default exclusivity)")
    }

    @Test("every state has its own slot")
    func states() {
        let r = TapGestureRecognizer(id: "t")
        let all: [GestureState] = [.possible, .began, .changed, .ended, .recognized, .cancelled, .failed]
        #expect(all.map(\.index) == Array(0..<7))
        let texts = all.map { r.reason(.blocks, $0) }
        #expect(Set(texts).count == all.count)
        #expect(zip(all, texts).allSatisfy { $1.description.contains("already \($0.rawValue) ") })
    }
}
