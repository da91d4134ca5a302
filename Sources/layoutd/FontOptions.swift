import ArgumentParser
import LayoutEngine
import TextShaping

/// The fonts of `serve` and `layout`: the system's (fontconfig), a deployment's
/// directories, and the default family. DejaVu Sans is the default because every Debian
/// machine with fontconfig has it; `--default-font Inter` is closer to Apple's SF Pro.
enum FontOptions {
    static let defaultFamily = "DejaVu Sans"

    /// `LAYOUTD_FONT_DIR`: directories separated by ':'.
    static func directories(_ variable: String?) -> [String] {
        (variable ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }

    /// `log` reports each font file that does not load (it is skipped).
    static func library(directories: [String], defaultFamily: String, log: (String) -> Void) throws -> FontLibrary {
        do {
            return try FontLibrary(fontDirectories: directories, defaultFamily: defaultFamily, log: log)
        } catch {
            throw ValidationError("fonts: \(error)")
        }
    }
}
