// Platform: the C library of this module, imported here only (Glibc on Linux, Darwin on
// macOS): the other files call the functions below by their C names, with no `#if` of their own.
// Disfavoured, so that a file importing Foundation too (a `@testable` test) gets the C one.

#if canImport(Glibc)
import Glibc

@_disfavoredOverload func cos(_ x: Double) -> Double { Glibc.cos(x) }
@_disfavoredOverload func sin(_ x: Double) -> Double { Glibc.sin(x) }
#elseif canImport(Darwin)
import Darwin

@_disfavoredOverload func cos(_ x: Double) -> Double { Darwin.cos(x) }
@_disfavoredOverload func sin(_ x: Double) -> Double { Darwin.sin(x) }
#endif
