// GestureDecision: the margin (measured - limit, signed, in the rule's unit), its words, and
// the fields a gesture record's trace line gains.
import Testing
@testable import TouchCore

@Suite("Decisions: margins and their words")
struct DecisionTests {
    @Test("the margin is measured - limit, signed, and nil unless both are known")
    func margin() {
        #expect(GestureDecision(.slop, measured: 7.9, limit: 10, unit: .pt).margin.map { ($0 * 10).rounded() / 10 } == -2.1)
        #expect(GestureDecision(.tapMovement, measured: 15, limit: 10, unit: .pt).margin == 5)
        #expect(GestureDecision(.tapInterval, limit: 0.35, unit: .s).margin == nil)
        #expect(GestureDecision(.delegate).margin == nil && GestureDecision(.delegate).marginText == nil)
    }

    @Test("the margin in words: too late / too early for seconds, short of / past the limit, the slop or what is needed")
    func words() {
        #expect(GestureDecision(.tapInterval, measured: 0.41, limit: 0.35, unit: .s).marginText == "0.06 s too late")
        #expect(GestureDecision(.pressDuration, measured: 0.3, limit: 0.5, unit: .s).marginText == "0.2 s too early")
        #expect(GestureDecision(.slop, measured: 7.9, limit: 10, unit: .pt).marginText == "2.1 pt short of the 10 pt slop")
        #expect(GestureDecision(.tapMovement, measured: 12.1, limit: 10, unit: .pt).marginText == "2.1 pt past the 10 pt limit")
        #expect(GestureDecision("turn", measured: 181, limit: 300, unit: .deg).marginText == "119° short of the 300° needed")
        #expect(GestureDecision(.touchCount, measured: 3, limit: 2, unit: .touches).marginText == "1 touch past the 2 touches limit")
        #expect(GestureDecision(.swipeSpeed, measured: 150, limit: 200, unit: .ptPerS).marginText == "50 pt/s short of the 200 pt/s needed")
        // No unit (a count of taps): the numbers alone.
        #expect(GestureDecision(.tapCount, measured: 1, limit: 2).marginText == "1 short of the 2 needed")
        #expect(GestureDecision(.tapCount, measured: 2, limit: 2).marginText == "exactly at the 2 limit")
        #expect(GestureDecision(.pressDuration, measured: 0.5, limit: 0.5, unit: .s).marginText == "exactly at the 0.5 s limit")
    }

    @Test("a gesture line gains rule, measured, limit, unit, margin, by and neverBegan after its outputs, as present")
    func traceLine() {
        let body = TraceRecord.Body.gesture(recognizer: "pan", view: "pad", from: .possible, to: .failed,
                                            reason: "failed: touches lifted before the centroid moved 10 pt",
                                            outputs: GestureOutputs(numberOfTouches: 0))
        let full = TraceRecord(t: 0.3, body, decision: GestureDecision(.slop, measured: 6, limit: 10, unit: .pt, neverBegan: true))
        #expect(full.description == #"{"t":0.3,"kind":"gesture","recognizer":"pan","view":"pad","from":"possible","to":"failed","reason":"failed: touches lifted before the centroid moved 10 pt","numberOfTouches":0,"rule":"slop","measured":6,"limit":10,"unit":"pt","margin":-4,"neverBegan":true}"#)
        let by = TraceRecord(t: 0.3, body, decision: GestureDecision(.failureRequirement, by: ["doubleTap", "swipe"]))
        #expect(by.description.hasSuffix(#""numberOfTouches":0,"rule":"failureRequirement","by":["doubleTap","swipe"]}"#))
        // Without a decision the line keeps its bytes.
        #expect(TraceRecord(t: 0.3, body).description.hasSuffix(#""numberOfTouches":0}"#))
        #expect(TraceRecord(t: 0.3, body).decision == nil && full.decision?.rule == .slop)
    }
}
