// Property tests: random multitouch streams with faults mixed in, against every demo scene
// and against generated scenes. A failure is shrunk by the library to a short stream; keep
// it as a recording in Fixtures/regressions/ (RegressionTests.swift replays them all).
import Foundation
import Testing
import PropertyBased
@testable import TouchCore
@testable import TouchScene

/// Every demo scene: the `.yaml` files of scenes/, read from the folder (a scene added there
/// is tested without editing a list).
let demoSceneNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: Paths.scenes)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
}()

func loadDemoScene(_ name: String) throws -> SceneDescription {
    do throws(SceneLoadError) {
        return try SceneLoader.load(path: Paths.scenes + "/\(name).yaml")
    } catch {
        Issue.record("demo scene \(name) does not load: \(error)")
        throw error
    }
}

@Suite("Invariants under random input")
struct InvariantPropertyTests {
    @Test("every demo scene keeps its promises under random multitouch streams with faults",
          arguments: demoSceneNames)
    func demoScenes(name: String) async throws {
        let scene = try loadDemoScene(name)
        await propertyCheck(count: 40, input: Op.stream) { ops in
            let steps = StreamRunner.steps(ops, window: scene.window)
            let problems = StreamRunner.check(scene, steps)
            #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))\nstream:\n\(StreamRunner.render(steps))")
        }
    }

    @Test("generated scenes keep their promises under random multitouch streams with faults")
    func generatedScenes() async throws {
        await propertyCheck(count: 150, input: Gen.int(in: 0...1_000_000), Op.stream) { seed, ops in
            let text = SceneGenerator.yaml(seed: UInt64(seed))
            let scene: SceneDescription
            do throws(SceneLoadError) {
                scene = try SceneLoader.parse(text: text, file: "generated-\(seed).yaml", folder: Paths.scenes)
            } catch {
                Issue.record("the generator wrote a scene the loader refuses: \(error)\n\(text)")
                return
            }
            let steps = StreamRunner.steps(ops, window: scene.window)
            let problems = StreamRunner.check(scene, steps)
            #expect(problems.isEmpty, "seed \(seed):\n\(problems.joined(separator: "\n"))\nscene:\n\(text)\nstream:\n\(StreamRunner.render(steps))")
        }
    }
}
