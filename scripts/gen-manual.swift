// gen-manual: turns ArgumentParser's description of Kuchi's commands (`kuchi
// --experimental-dump-help`, JSON) into the man page kuchi.1 (man(7) roff).
//
// Why our own and not ArgumentParser's `generate-manual` tool: that tool drops every character
// that is not ASCII ("3–20" became "320") and has no place for the version. This one keeps
// UTF-8 text (man-db converts it with preconv), prints the version in the footer, and follows the
// command tree, so a subcommand added to `KuchiCommand`'s list appears with no change here.
//
// scripts/install compiles it with swiftc and runs:
//   kuchi --experimental-dump-help | gen-manual --version 0.2.0 --date 2026-11-23 > kuchi.1
import Foundation

/// ToolInfo: the top of the `--experimental-dump-help` JSON (serialization version 0).
struct ToolInfo: Decodable {
    /// serializationVersion: the format version; only 0 is understood.
    let serializationVersion: Int
    /// command: the root command, with its subcommands inside.
    let command: CommandInfo
}

/// CommandInfo: one command or subcommand, as ArgumentParser describes it.
struct CommandInfo: Decodable {
    /// superCommands: the commands above this one, outermost first.
    let superCommands: [String]?
    /// commandName: the word typed for this command.
    let commandName: String
    /// abstract: the one-line summary.
    let abstract: String?
    /// discussion: the longer text under the summary.
    let discussion: String?
    /// shouldDisplay: false for hidden commands, which the page leaves out.
    let shouldDisplay: Bool?
    /// subcommands: the commands below this one.
    let subcommands: [CommandInfo]?
    /// arguments: its options, flags and positional arguments.
    let arguments: [ArgumentInfo]?

    /// fullName: the command as typed, e.g. `kuchi check-deck`.
    var fullName: String { ((superCommands ?? []) + [commandName]).joined(separator: " ") }
    /// visibleArguments: the arguments shown in help.
    var visibleArguments: [ArgumentInfo] { (arguments ?? []).filter { $0.shouldDisplay ?? true } }
    /// visibleSubcommands: the subcommands shown in help.
    var visibleSubcommands: [CommandInfo] { (subcommands ?? []).filter { $0.shouldDisplay ?? true } }
}

/// ArgumentInfo: one option, flag or positional argument.
struct ArgumentInfo: Decodable {
    /// NameInfo: one spelling of an option (`-h`, `--help`).
    struct NameInfo: Decodable {
        /// kind: `short`, `long` or `longWithSingleDash`.
        let kind: String
        /// name: the name without dashes.
        let name: String

        /// spelled: the name with its dashes.
        var spelled: String { kind == "long" ? "--\(name)" : "-\(name)" }
    }

    /// kind: `positional`, `option` or `flag`.
    let kind: String
    /// names: every spelling, for options and flags.
    let names: [NameInfo]?
    /// valueName: the placeholder for the value (`file`).
    let valueName: String?
    /// isOptional: whether it may be left out.
    let isOptional: Bool?
    /// isRepeating: whether it may be given several times.
    let isRepeating: Bool?
    /// abstract: the help text.
    let abstract: String?
    /// discussion: more help text.
    let discussion: String?
    /// defaultValue: the value used when it is left out.
    let defaultValue: String?
    /// shouldDisplay: false for hidden arguments.
    let shouldDisplay: Bool?

    /// isStandard: `--help` and `--version`, which every subcommand repeats; listed once.
    var isStandard: Bool { kind == "flag" && (names ?? []).contains { $0.name == "help" || $0.name == "version" } }
}

/// Roff: escaping text for man(7) source.
enum Roff {
    /// text: `string` safe on a text line: backslashes escaped, every `-` an ASCII minus (so a
    /// copied option works), and a line starting with `.` or `'` not read as a request.
    static func text(_ string: String) -> String {
        string.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let escaped = line.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
        }.joined(separator: "\n")
    }

    /// bold, italic: inline font changes around escaped text.
    static func bold(_ string: String) -> String { "\\fB\(text(string))\\fR" }
    static func italic(_ string: String) -> String { "\\fI\(text(string))\\fR" }

    /// quoted: a macro argument in double quotes.
    static func quoted(_ string: String) -> String { "\"" + text(string).replacingOccurrences(of: "\"", with: "\\(dq") + "\"" }

    /// paragraphs: help text as roff paragraphs; a paragraph with indented lines (a table of
    /// folders, say) keeps its lines as written instead of being filled.
    static func paragraphs(_ string: String) -> [String] {
        string.components(separatedBy: "\n\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.flatMap { paragraph in
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            let preformatted = lines.contains { $0.first == " " || $0.first == "\t" }
            return preformatted ? [".PP", ".nf", text(paragraph), ".fi"] : [".PP", text(paragraph)]
        }
    }
}

/// ManualPage: the whole page for a root command.
struct ManualPage {
    /// root: the command the page is about.
    let root: CommandInfo
    /// version: printed in the footer.
    let version: String
    /// date: printed in the footer (yyyy-mm-dd).
    let date: String

    /// exitStatus: Kuchi's convention (main.swift): usage errors are 2, not ArgumentParser's 64.
    static let exitStatus = [
        ("0", "Success."),
        ("1", "Kuchi could not start (no terminal, an unreadable deck) or a command found problems."),
        ("2", "A usage error: an unknown option, or a missing or invalid value."),
    ]

    /// roff: the page's source.
    func roff() -> String {
        var out = [
            ".\\\" -*- coding: UTF-8 -*-",
            ".\\\" Generated by scripts/gen-manual.swift from `\(root.commandName) --experimental-dump-help`; do not edit.",
            ".TH \(Roff.quoted(root.commandName.uppercased())) 1 \(Roff.quoted(date)) \(Roff.quoted("Kuchi \(version)")) \"User Commands\"",
            ".nh",
            ".ad l",
            ".SH NAME",
            "\(Roff.text(root.commandName)) \\- \(Roff.text(trimmedSentence(root.abstract ?? "")))",
            ".SH SYNOPSIS",
        ]
        let commands = Self.flatten(root)
        for (index, command) in commands.enumerated() {
            if index > 0 { out.append(".br") }
            out.append(synopsis(command))
        }
        out.append(".SH DESCRIPTION")
        out += Roff.paragraphs(root.abstract ?? "")
        out += Roff.paragraphs(root.discussion ?? "")
        if !root.visibleArguments.isEmpty {
            out.append(".SH OPTIONS")
            out += root.visibleArguments.flatMap(item)
        }
        let subcommands = commands.dropFirst()
        if !subcommands.isEmpty {
            out.append(".SH COMMANDS")
            for command in subcommands {
                out.append(".SS \(Roff.quoted(command.fullName))")
                out += Roff.paragraphs(command.abstract ?? "")
                out += Roff.paragraphs(command.discussion ?? "")
                out += command.visibleArguments.filter { !$0.isStandard }.flatMap(item)
            }
        }
        out.append(".SH \"EXIT STATUS\"")
        for (code, meaning) in Self.exitStatus { out += [".TP", Roff.bold(code), Roff.text(meaning)] }
        return out.joined(separator: "\n") + "\n"
    }

    /// flatten: the root, then every visible subcommand depth first, in definition order.
    static func flatten(_ command: CommandInfo) -> [CommandInfo] {
        [command] + command.visibleSubcommands.flatMap(flatten)
    }

    /// synopsis: one usage line: the command in bold, then its arguments (each subcommand has
    /// its own line, so no `command` placeholder).
    func synopsis(_ command: CommandInfo) -> String {
        var parts = [Roff.bold(command.fullName)]
        for argument in command.visibleArguments where !(argument.isStandard && command.commandName != root.commandName) {
            var shown = usage(argument)
            if argument.isRepeating == true { shown += "\\&..." }
            parts.append(argument.isOptional == true ? "[\(shown)]" : shown)
        }
        return parts.joined(separator: " ")
    }

    /// usage: an argument as typed: `--deck file`, `-h|--help`, `file`.
    func usage(_ argument: ArgumentInfo) -> String {
        let value = Roff.italic(argument.valueName ?? "value")
        switch argument.kind {
        case "positional": return value
        case "flag": return (argument.names ?? []).map { Roff.bold($0.spelled) }.joined(separator: "|")
        default:
            let name = (argument.names ?? []).last.map { Roff.bold($0.spelled) } ?? ""
            return "\(name) \(value)"
        }
    }

    /// item: an argument as a tagged paragraph: every spelling, then its help and default.
    func item(_ argument: ArgumentInfo) -> [String] {
        let value = argument.kind == "flag" ? "" : " " + Roff.italic(argument.valueName ?? "value")
        let tag = argument.kind == "positional"
            ? Roff.italic(argument.valueName ?? "value")
            : (argument.names ?? []).map { Roff.bold($0.spelled) + value }.joined(separator: ", ")
        var lines = [".TP", tag]
        if let abstract = argument.abstract, !abstract.isEmpty { lines.append(Roff.text(abstract)) }
        if let discussion = argument.discussion, !discussion.isEmpty { lines += Roff.paragraphs(discussion) }
        if let value = argument.defaultValue, !value.isEmpty { lines.append("Default: \(Roff.text(value)).") }
        return lines
    }

    /// trimmedSentence: a summary for the NAME line, which by convention has no final period.
    func trimmedSentence(_ string: String) -> String {
        string.hasSuffix(".") ? String(string.dropLast()) : string
    }
}

/// main: reads the JSON on standard input and writes the page on standard output.
func main() -> Int32 {
    var version: String?
    var date: String?
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--version": version = arguments.popFirst()
        case "--date": date = arguments.popFirst()
        default:
            FileHandle.standardError.write(Data("gen-manual: unknown argument \(argument)\nusage: gen-manual --version X --date yyyy-mm-dd < dump.json > page.1\n".utf8))
            return 2
        }
    }
    guard let version, let date else {
        FileHandle.standardError.write(Data("gen-manual: --version and --date are both needed\n".utf8))
        return 2
    }
    let input = FileHandle.standardInput.readDataToEndOfFile()
    let info: ToolInfo
    do {
        info = try JSONDecoder().decode(ToolInfo.self, from: input)
    } catch {
        FileHandle.standardError.write(Data("gen-manual: standard input is not `--experimental-dump-help` JSON: \(error)\n".utf8))
        return 1
    }
    guard info.serializationVersion == 0 else {
        FileHandle.standardError.write(Data("gen-manual: dump-help format \(info.serializationVersion) is unknown (expected 0)\n".utf8))
        return 1
    }
    print(ManualPage(root: info.command, version: version, date: date).roff(), terminator: "")
    return 0
}

exit(main())
