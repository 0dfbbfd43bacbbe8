// AnalysisFigures: the figures `TouchAnalysis.analyze` reads from a capture, each in work
// that grows with the number of reports (a million reports in seconds): report-rate
// stretches, stationary and straight stretches, the closest two contacts, and what a short
// contact's size says. The definitions are stated once, at the top of TouchAnalysis.swift.
import TouchCore

extension TouchAnalysis {
    struct P {
        var t: Double; var x: Double; var y: Double
        var tuple: (t: Double, x: Double, y: Double) { (t, x, y) }
    }

    /// Device units to the unit of the figures: mm when known, else screen pixels.
    struct Units {
        var sx: Double, sy: Double   // unit-lengths per device unit
        var inMM: Bool
        /// Unit-lengths per mm: 1 in mm; in pixels, an assumed 96 dpi only for the fixed
        /// radii of the definitions (5 mm still, 4 mm straight, 10 mm long).
        var perMM: Double { inMM ? 1 : 96 / 25.4 }

        init(_ c: ContactCapture, _ o: AnalysisOptions) {
            if let x = c.xAxis, let y = c.yAxis {
                let spanX = Double(max(1, x.max - x.min)), spanY = Double(max(1, y.max - y.min))
                if x.resolution > 0, y.resolution > 0 {
                    sx = 1 / Double(x.resolution); sy = 1 / Double(y.resolution); inMM = true
                } else if let mm = o.sizeMM {
                    sx = mm.width / spanX; sy = mm.height / spanY; inMM = true
                } else {
                    let screen = o.screen ?? Size(width: spanX, height: spanY)
                    sx = screen.width / spanX; sy = screen.height / spanY; inMM = false
                }
            } else {
                let w = c.window ?? o.screen ?? Size(width: 1, height: 1)
                if let mm = o.sizeMM ?? c.sizeMM {
                    sx = mm.width / max(1, w.width); sy = mm.height / max(1, w.height); inMM = true
                } else {
                    sx = 1; sy = 1; inMM = false
                }
            }
        }

        func point(_ r: ContactReport) -> P { P(t: r.t, x: r.x * sx, y: r.y * sy) }

        /// How far a contact must move across a silence for it to be a report gap, in
        /// unit-lengths: `reportGapMoveMM` when the figures are in mm; else 4 × the axes'
        /// fuzz in device units, and never less than `reportGapMoveMM` taken at 96 dpi (as
        /// every fixed distance in pixels is: most panels state a fuzz of 0).
        func gapMove(_ c: ContactCapture, _ limits: CheckLimits) -> Double {
            let mm = limits.reportGapMoveMM * perMM
            guard !inMM, let x = c.xAxis, let y = c.yAxis else { return mm }
            return Swift.max(mm, 4 * Double(Swift.max(x.fuzz, y.fuzz)) * Swift.min(sx, sy))
        }
    }

    static func dist(_ a: P, _ b: P) -> Double { Point(x: a.x - b.x, y: a.y - b.y).length }

    // MARK: Report rate

    /// A contact's (or the device's) report times split into stretches no more than
    /// `stretchGapSeconds` apart: the rate, (reports − 1) / duration, of each stretch of at
    /// least `minStretchReports` reports, and the most reports in one stretch.
    static func stretchRates(_ times: [Double]) -> (rates: [Double], longest: Int) {
        var rates: [Double] = [], longest = 0, i = 0
        while i < times.count {
            var j = i
            while j + 1 < times.count, times[j + 1] - times[j] <= stretchGapSeconds { j += 1 }
            longest = max(longest, j - i + 1)
            if j - i + 1 >= minStretchReports, times[j] > times[i] { rates.append(Double(j - i) / (times[j] - times[i])) }
            i = j + 1
        }
        return (rates, longest)
    }

    /// The median, 5th percentile and lowest of stretch rates; nil for none.
    static func rateFigures(_ rates: [Double]) -> RateFigures? {
        guard let med = percentile(rates, 0.5), let p5 = percentile(rates, 0.05), let low = rates.min() else { return nil }
        return RateFigures(p50: med, p5: p5, min: low, stretches: rates.count)
    }

    /// The `q` quantile (0…1) by nearest rank; nil for no values.
    static func percentile(_ v: [Double], _ q: Double) -> Double? {
        guard !v.isEmpty else { return nil }
        let s = v.sorted()
        return s[min(s.count - 1, max(0, Int((Double(s.count - 1) * q).rounded())))]
    }

    // MARK: Stationary stretches

    /// Runs of reports within 5 mm of their first, held (until the next report or the lift:
    /// a contact that sends nothing held still) at least 0.3 s: each one's jitter (in the
    /// unit of the figures / perMM: mm, or px), and the longest hold found (s).
    static func stationaryStretches(_ tracks: [(track: ContactTrack, points: [P])], perMM u: Double) -> (count: Int, jitters: [Double], longest: Double) {
        var jitters: [Double] = [], longestHold = 0.0
        for (t, p) in tracks {
            var i = 0
            while i < p.count {
                var j = i
                while j + 1 < p.count, dist(p[j + 1], p[i]) <= stillRadiusMM * u { j += 1 }
                let end = j + 1 < p.count ? p[j + 1].t : (t.liftedAt ?? p[j].t)
                longestHold = max(longestHold, end - p[i].t)
                if end - p[i].t >= stillSeconds {
                    var mx = 0.0, my = 0.0
                    for q in p[i...j] { mx += q.x; my += q.y }
                    mx /= Double(j - i + 1); my /= Double(j - i + 1)
                    var jitter = 0.0
                    for q in p[i...j] { jitter = max(jitter, Point(x: q.x - mx, y: q.y - my).length) }
                    jitters.append(jitter / u)
                    i = j + 1
                } else { i += 1 }
            }
        }
        return (jitters.count, jitters, longestHold)
    }

    // MARK: Straight stretches

    /// Straight stretches (every report within 4 mm of the chord from the first to the last,
    /// the chord at least 10 mm): each one's linearity and the largest moving jitter (in
    /// unit-lengths), and the longest chord seen. The end of a stretch is found by doubling
    /// then halving steps (each step checks the run once), and the next stretch is sought
    /// from where the last search stopped: the work is about n log n, not n².
    static func straightStretches(_ tracks: [[P]], perMM u: Double) -> (linearities: [Double], movingJitter: Double?, longestChord: Double) {
        var linearities: [Double] = [], moving: Double?, longestChord = 0.0
        let tol = straightToleranceMM * u, length = straightLengthMM * u
        for p in tracks {
            var s = 0
            while s + 2 < p.count {
                var k = s + 1, step = 1
                while step > 0 {
                    if k + step < p.count, withinChord(p, s, k + step, tol) { k += step; step *= 2 } else { step /= 2 }
                }
                let chord = dist(p[s], p[k])
                longestChord = max(longestChord, chord)
                if chord >= length {
                    let run = p[s...k]
                    linearities.append(maxDeviation(run))
                    if let j = windowJitter(run, length: length, step: windowStepMM * u) { moving = max(moving ?? 0, j) }
                }
                s = k
            }
        }
        return (linearities, moving, longestChord)
    }

    /// The largest deviation from the fitted line over windows of `length` (from a report to
    /// the first report that far from it) starting every `step` along the run.
    static func windowJitter(_ run: ArraySlice<P>, length: Double, step: Double) -> Double? {
        var worst: Double?
        var a = run.startIndex, b = run.startIndex
        while a < run.endIndex {
            b = max(b, a + 1)
            while b < run.endIndex, dist(run[b], run[a]) < length { b += 1 }
            guard b < run.endIndex else { break }
            worst = max(worst ?? 0, maxDeviation(run[a...b]))
            var next = a + 1
            while next < run.endIndex, dist(run[next], run[a]) < step { next += 1 }
            a = next
        }
        return worst
    }

    /// Whether every point from `s` to `k` lies within `tol` of the chord (the segment) from `s` to `k`.
    static func withinChord(_ p: [P], _ s: Int, _ k: Int, _ tol: Double) -> Bool {
        let dx = p[k].x - p[s].x, dy = p[k].y - p[s].y, len2 = dx * dx + dy * dy
        guard len2 > 0 else { return (s...k).allSatisfy { dist(p[$0], p[s]) <= tol } }
        for i in s...k {
            let ex = p[i].x - p[s].x, ey = p[i].y - p[s].y
            let f = min(1, max(0, (ex * dx + ey * dy) / len2))
            let ox = ex - f * dx, oy = ey - f * dy
            if ox * ox + oy * oy > tol * tol { return false }
        }
        return true
    }

    /// The largest distance of a point from the total-least-squares line through them: the
    /// line through their mean along the covariance's principal axis.
    static func maxDeviation(_ run: ArraySlice<P>) -> Double {
        let n = Double(run.count)
        guard run.count >= 2 else { return 0 }
        var mx = 0.0, my = 0.0
        for q in run { mx += q.x; my += q.y }
        mx /= n; my /= n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for q in run { sxx += (q.x - mx) * (q.x - mx); syy += (q.y - my) * (q.y - my); sxy += (q.x - mx) * (q.y - my) }
        // The larger eigenvalue and its eigenvector (the direction of most spread).
        let half = (sxx - syy) / 2
        let lambda = (sxx + syy) / 2 + (half * half + sxy * sxy).squareRoot()
        var (dx, dy) = abs(sxy) > 1e-12 ? (sxy, lambda - sxx) : (sxx >= syy ? (1.0, 0.0) : (0.0, 1.0))
        let len = Point(x: dx, y: dy).length
        guard len > 0 else { return 0 }
        dx /= len; dy /= len
        var worst = 0.0
        for q in run { worst = max(worst, abs((q.x - mx) * -dy + (q.y - my) * dx)) }
        return worst
    }

    static func maxDeviation(_ run: [P]) -> Double { maxDeviation(run[...]) }

    // MARK: Finger separation

    /// The closest two contacts down at once came (each report against the other contacts'
    /// latest report at or before it), in unit-lengths; nil when never two at once. One pass
    /// over the reports in time order, keeping each contact's latest report.
    static func closestApart(_ tracks: [(track: ContactTrack, points: [P])]) -> Double? {
        var order: [(t: Double, track: Int32, index: Int32)] = []
        order.reserveCapacity(tracks.reduce(0) { $0 + $1.points.count })
        for (a, tp) in tracks.enumerated() { for (i, q) in tp.points.enumerated() { order.append((q.t, Int32(a), Int32(i))) } }
        order.sort { $0.t != $1.t ? $0.t < $1.t : ($0.track != $1.track ? $0.track < $1.track : $0.index < $1.index) }
        var latest = [Int32](repeating: -1, count: tracks.count)
        var active: [Int] = []
        var closest: Double?
        var g = 0
        while g < order.count {
            // Every report at this time first, so each sees the others' reports of the same time.
            let now = order[g].t
            var h = g
            while h < order.count, order[h].t == now {
                let a = Int(order[h].track)
                if latest[a] < 0 { active.append(a) }
                latest[a] = order[h].index
                h += 1
            }
            active.removeAll { tracks[$0].track.liftedAt.map { now >= $0 } ?? false }
            for e in order[g..<h] {
                let a = Int(e.track), q = tracks[a].points[Int(e.index)]
                for b in active where b != a && tracks[b].track.landedAt <= now {
                    closest = min(closest ?? .infinity, dist(q, tracks[b].points[Int(latest[b])]))
                }
            }
            g = h
        }
        return closest
    }

    // MARK: Ghost touches: what size says

    /// Each contact's touch size (or, without one, pressure) against the other contacts':
    /// the evidence a short contact is judged by.
    struct SizeRanges {
        let what: String
        let lows: [Int?], highs: [Int?]
        /// The two lowest lows and the two highest highs, (value, contact), in order.
        let lowest: [(Int, Int)], highest: [(Int, Int)]
        /// Whether any report's value differs from another's.
        let varies: Bool

        init(_ tracks: [ContactTrack]) {
            let useMajor = tracks.contains { $0.reports.contains { $0.touchMajor != nil } }
            what = useMajor ? "touch size" : "pressure"
            var lows: [Int?] = [], highs: [Int?] = []
            for t in tracks {
                var lo: Int?, hi: Int?
                for r in t.reports { if let v = useMajor ? r.touchMajor : r.pressure { lo = min(lo ?? v, v); hi = max(hi ?? v, v) } }
                lows.append(lo); highs.append(hi)
            }
            self.lows = lows; self.highs = highs
            // A value that never varies is not reported: SDL gives 1.0 for a finger of a panel
            // without pressure, and some drivers a constant. It tells a tap from a ghost nothing.
            let all = lows.compactMap { $0 } + highs.compactMap { $0 }
            varies = (all.min() ?? 0) < (all.max() ?? 0)
            lowest = Array(lows.enumerated().compactMap { i, v in v.map { ($0, i) } }.sorted { $0.0 < $1.0 }.prefix(2))
            highest = Array(highs.enumerated().compactMap { i, v in v.map { ($0, i) } }.sorted { $0.0 > $1.0 }.prefix(2))
        }

        /// Contact `i`'s largest value against the other contacts' range; nil when it has
        /// no value, no other contact has one, or no value ever differs from another.
        func evidence(for i: Int) -> AnomalyRules.SizeEvidence? {
            guard varies, let value = highs[i],
                  let lo = lowest.first(where: { $0.1 != i })?.0, let hi = highest.first(where: { $0.1 != i })?.0, lo <= hi else { return nil }
            return AnomalyRules.SizeEvidence(what: what, value: value, range: lo...hi)
        }
    }
}
