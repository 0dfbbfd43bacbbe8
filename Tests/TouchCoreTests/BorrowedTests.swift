import Testing
@testable import TouchCore

/// The list readers the per-event paths use instead of `for` loops (issue 7).
@Suite("Borrowed list reads")
struct BorrowedTests {
    final class Item { let n: Int; init(_ n: Int) { self.n = n } }

    @Test("forEachBorrowed visits every element once, in order; empty lists visit nothing")
    func visitsInOrder() {
        let items = (0..<37).map(Item.init)
        var seen: [Int] = []
        items.forEachBorrowed { seen.append($0.n) }
        #expect(seen == Array(0..<37))
        var none = 0
        [Item]().forEachBorrowed { _ in none += 1 }
        #expect(none == 0)
    }

    @Test("containsIdentical compares identity, not contents; containsBorrowed stops at the first match")
    func identityAndPredicate() {
        let a = Item(1), b = Item(1), c = Item(2)
        #expect([a, c].containsIdentical(a))
        #expect(![a, c].containsIdentical(b))   // equal contents, another object
        #expect(![Item]().containsIdentical(a))
        var asked = 0
        #expect([a, b, c].containsBorrowed { asked += 1; return $0.n == 1 })
        #expect(asked == 1)
        #expect(![a, b].containsBorrowed { $0.n == 2 })
        #expect([a, b, c].borrowing(2) { $0.n } == 2)
    }

    @Test("a list read borrowed keeps its elements alive while the source list changes")
    func survivesMutation() {
        var list = (0..<8).map(Item.init)
        let copy = list
        var seen: [Int] = []
        copy.forEachBorrowed { item in
            list.removeAll()   // the copy still holds every element
            seen.append(item.n)
        }
        #expect(seen == Array(0..<8))
        #expect(list.isEmpty)
    }
}
