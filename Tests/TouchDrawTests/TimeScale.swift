// Time limits in tests stretch under the sanitizers (`make test-sanitize` sets the scale); the same as TouchSceneTests' TimeScale.swift.
#if canImport(Glibc)
import Glibc
#endif

/// Multiplies every wall-clock limit in the tests: `TOUCHSCOPE_TEST_TIME_SCALE` (default 1).
let testTimeScale: Double = {
    guard let s = getenv("TOUCHSCOPE_TEST_TIME_SCALE"), let v = Double(String(cString: s)), v >= 1 else { return 1 }
    return v
}()
