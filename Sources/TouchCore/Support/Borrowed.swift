// Reading lists of objects without reference counting, for the per-event paths.

extension Array where Element: AnyObject {
    /// The elements as unmanaged references, for the readers below. The array is held for
    /// the call, so its elements stay alive.
    private func withUnmanaged<R>(_ body: (UnsafeBufferPointer<Unmanaged<Element>>) -> R) -> R {
        withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            let refs = UnsafeRawPointer(base).assumingMemoryBound(to: Unmanaged<Element>.self)
            return body(UnsafeBufferPointer(start: refs, count: buf.count))
        }
    }

    /// Calls `body` with each element, borrowed: no retain or release per element (a plain
    /// `for` loop retains and releases every element it hands out, an atomic operation
    /// each). `body` must not rely on seeing changes made to the array meanwhile (it
    /// iterates this value).
    func forEachBorrowed(_ body: (Element) -> Void) {
        withUnmanaged { refs in for i in 0..<refs.count { refs[i]._withUnsafeGuaranteedRef(body) } }
    }

    /// `body` applied to element `i`, borrowed (no retain or release).
    func borrowing<R>(_ i: Int, _ body: (Element) -> R) -> R {
        precondition(i >= 0 && i < count, "index out of range")
        return withUnmanaged { refs in refs[i]._withUnsafeGuaranteedRef(body) }
    }

    /// Whether an element satisfies `predicate`, reading each one borrowed.
    func containsBorrowed(where predicate: (Element) -> Bool) -> Bool {
        withUnmanaged { refs in
            for i in 0..<refs.count where refs[i]._withUnsafeGuaranteedRef(predicate) { return true }
            return false
        }
    }

    /// Whether `x` is in the array (by identity), without retaining any element.
    func containsIdentical(_ x: Element) -> Bool {
        let target = Unmanaged.passUnretained(x).toOpaque()
        return withUnmanaged { refs in
            for i in 0..<refs.count where refs[i].toOpaque() == target { return true }
            return false
        }
    }
}

extension ArraySlice where Element: AnyObject {
    /// `body` applied to the first element, borrowed (no retain or release). Not empty.
    func borrowingFirst<R>(_ body: (Element) -> R) -> R {
        withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress, !buf.isEmpty else { preconditionFailure("empty slice") }
            let refs = UnsafeRawPointer(base).assumingMemoryBound(to: Unmanaged<Element>.self)
            return refs[0]._withUnsafeGuaranteedRef(body)
        }
    }

    /// Drops the first element without handing it out (no retain or release of it).
    mutating func dropFirstInPlace() { self = self[(startIndex + 1)...] }
}
