import KuchiCore

/// PaneEnvironment: values many panes need, passed down from the root like SwiftUI's
/// `@Environment` instead of fetched from globals. A change to it redraws every pane.
struct PaneEnvironment: Equatable {
    var size: TerminalSize
    var sizeClass: SizeClass
    var theme: Theme
}
