// edit: settings written into a scene file in place, as the window's what-if "Write to file"
// writes them (`SceneFileWrites`): the same code, for scripts and for the tests of a full disk.
import ArgumentParser
import Foundation
import TouchScene

/// `edit SCENE --set ID.KEY=VALUE ...`.
package struct EditCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "edit",
            abstract: "Write settings into a scene file in place, as the window's what-if \"Write to file\" does.",
            usage: helpUsage("\(SceneCommands.programName) edit <scene.yaml> --set <ID.KEY=VALUE> ..."),
            discussion: """
                Each --set is checked as replay --set checks it; then the values are written
                where they stand in the file (a missing key gets a line of its own), every
                other byte kept. The file is rewritten in place: a symlink's target changes,
                the mode, owner and hard links stay, and a write that fails (a full disk)
                leaves the old text.
                """)
    }

    @Argument(help: "The scene file.")
    var scene: String
    @Option(name: .customLong("set"),
            help: ArgumentHelp("The setting to write: ID.KEY=VALUE, as replay --set takes it. Repeatable.", valueName: "ID.KEY=VALUE"))
    var settings: [String] = []

    package init() {}

    package func validate() throws {
        if settings.isEmpty { throw ValidationError("give at least one --set ID.KEY=VALUE") }
    }

    package func run() throws {
        // The settings must load as replay --set loads them (bad ones: exit 2 with their place).
        _ = try loadScene(scene, settings: settings)
        var writes = SceneFileWrites(path: scene)
        do {
            try writes.write(settings.map { try SceneSetting(parsing: $0) })
        } catch let e as SceneFileError {
            throw CLIError.badInput("\(scene):1:1: \(e.message)")
        }
        print("written to \(scene): " + settings.joined(separator: ", "))
    }
}
