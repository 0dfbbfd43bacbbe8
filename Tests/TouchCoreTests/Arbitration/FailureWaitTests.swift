import Testing
@testable import TouchCore

/// A stand-in for a recognizer: the failure wait only compares identities.
private final class Dep {}

// The failure wait on its own, without an application (SPEC.md section 5, failure
// requirements): what a held recognizer does when its dependencies fail or succeed.
@Suite("Failure wait")
struct FailureWaitTests {
    @Test("a held began is released, with a later ended, once the only dependency fails")
    func releasedWhenTheDependencyFails() {
        let swipe = Dep()
        var wait = FailureWait<Dep>()
        wait.hold(.began, until: [swipe])
        #expect(wait.isHolding && wait.isWaiting(on: swipe))
        #expect(wait.request(.changed) == .absorbed)
        #expect(wait.request(.ended) == .absorbed)
        #expect(wait.request(.ended) == .absorbed)   // merged, not held twice
        #expect(wait.dependencyFailed(swipe, undecided: { _ in true }) == .released)
        #expect(wait.isHolding && !wait.isWaiting(on: swipe))
        #expect(wait.takeHeld().held == [.began, .ended])
        #expect(!wait.isHolding)
    }

    @Test("with two dependencies, the first failing keeps the wait on the other")
    func waitsForEveryDependency() {
        let a = Dep(), b = Dep()
        var wait = FailureWait<Dep>()
        wait.hold(.recognized, until: [a, b])
        #expect(wait.dependencyFailed(a, undecided: { _ in true }) == .keepWaiting)
        #expect(wait.dependencies.count == 1 && wait.isWaiting(on: b))
        #expect(wait.takeHeld().held == [])   // not released yet
        #expect(wait.dependencyFailed(b, undecided: { _ in true }) == .released)
        #expect(wait.takeHeld().held == [.recognized])
    }

    @Test("a dependency that already failed is not waited for when another fails")
    func alreadyFailedDependencyDropped() {
        let a = Dep(), b = Dep()
        var wait = FailureWait<Dep>()
        wait.hold(.began, until: [a, b])
        #expect(wait.dependencyFailed(a, undecided: { $0 !== b }) == .released)
    }

    @Test("a dependency that recognizes makes the wait fail; one it does not wait for changes nothing")
    func failsWhenTheDependencySucceeds() {
        let doubleTap = Dep(), other = Dep()
        var wait = FailureWait<Dep>()
        wait.hold(.recognized, until: [doubleTap])
        #expect(wait.dependencySucceeded(other) == .keepWaiting)
        #expect(wait.dependencyFailed(other, undecided: { _ in true }) == .keepWaiting)
        #expect(wait.isWaiting(on: doubleTap))
        #expect(wait.dependencySucceeded(doubleTap) == .fail)
        #expect(!wait.isHolding)
    }

    @Test("a failure or cancellation asked for while held back fails at once", arguments: [GestureState.failed, .cancelled])
    func failureWhileHeld(_ to: GestureState) {
        var wait = FailureWait<Dep>()
        wait.hold(.began, until: [Dep()])
        #expect(wait.request(to) == .fail)
        #expect(!wait.isHolding)
    }

    @Test("requests merge while released too, until the held transitions are taken")
    func mergesWhileReleased() {
        let d = Dep()
        var wait = FailureWait<Dep>()
        wait.hold(.began, until: [d])
        _ = wait.dependencyFailed(d, undecided: { _ in true })
        #expect(wait.request(.changed) == .absorbed)
        #expect(wait.request(.ended) == .absorbed)
        #expect(wait.takeHeld().held == [.began, .ended])
    }
}
