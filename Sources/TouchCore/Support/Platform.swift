// Platform: the C library of this module, imported here only (Glibc on Linux, Darwin on
// macOS): the other files call the functions below by their C names, with no `#if` of their own.
// Disfavoured, so that a file importing Foundation too (a `@testable` test) gets the C one.

#if canImport(Glibc)
import Glibc

@_disfavoredOverload func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
@_disfavoredOverload func cos(_ x: Double) -> Double { Glibc.cos(x) }
@_disfavoredOverload func sin(_ x: Double) -> Double { Glibc.sin(x) }
@_disfavoredOverload func exp(_ x: Double) -> Double { Glibc.exp(x) }
@_disfavoredOverload func log(_ x: Double) -> Double { Glibc.log(x) }
@_disfavoredOverload func pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
#elseif canImport(Darwin)
import Darwin

@_disfavoredOverload func atan2(_ y: Double, _ x: Double) -> Double { Darwin.atan2(y, x) }
@_disfavoredOverload func cos(_ x: Double) -> Double { Darwin.cos(x) }
@_disfavoredOverload func sin(_ x: Double) -> Double { Darwin.sin(x) }
@_disfavoredOverload func exp(_ x: Double) -> Double { Darwin.exp(x) }
@_disfavoredOverload func log(_ x: Double) -> Double { Darwin.log(x) }
@_disfavoredOverload func pow(_ x: Double, _ y: Double) -> Double { Darwin.pow(x, y) }
#endif
