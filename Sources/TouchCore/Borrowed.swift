// Reading lists of objects without reference counting, for the per-event paths.

extension Array where Element: AnyObject {
    /// Calls `body` with each element, borrowed: no retain or release per element (a plain
    /// `for` loop retains and releases every element it hands out, an atomic operation
    /// each). The array itself is held for the call, so its elements stay alive; `body`
    /// must not rely on seeing changes made to the array meanwhile (it iterates this value).
    @inline(__always)
    func forEachBorrowed(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            let refs = UnsafeRawPointer(base).assumingMemoryBound(to: Unmanaged<Element>.self)
            for i in 0..<buf.count { refs[i]._withUnsafeGuaranteedRef(body) }
        }
    }

    /// `body` applied to element `i`, borrowed (no retain or release).
    @inline(__always)
    func borrowing<R>(_ i: Int, _ body: (Element) -> R) -> R {
        withUnsafeBufferPointer { buf in
            UnsafeRawPointer(buf.baseAddress!).assumingMemoryBound(to: Unmanaged<Element>.self)[i]._withUnsafeGuaranteedRef(body)
        }
    }

    /// Whether an element satisfies `predicate`, reading each one borrowed.
    @inline(__always)
    func containsBorrowed(where predicate: (Element) -> Bool) -> Bool {
        withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return false }
            let refs = UnsafeRawPointer(base).assumingMemoryBound(to: Unmanaged<Element>.self)
            for i in 0..<buf.count where refs[i]._withUnsafeGuaranteedRef(predicate) { return true }
            return false
        }
    }

    /// Whether `x` is in the array (by identity), without retaining any element.
    @inline(__always)
    func containsIdentical(_ x: Element) -> Bool {
        let target = UnsafeRawPointer(Unmanaged.passUnretained(x).toOpaque())
        return withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return false }
            let refs = UnsafeRawPointer(base).assumingMemoryBound(to: UnsafeRawPointer.self)
            for i in 0..<buf.count where refs[i] == target { return true }
            return false
        }
    }
}
