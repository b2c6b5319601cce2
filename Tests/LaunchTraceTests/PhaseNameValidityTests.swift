import LaunchTrace
import Testing

/// Which names a program may give its phases: letters (of any script), digits, `-` and `_`.
@Suite("Phase names")
struct PhaseNameValidityTests {
    @Test(
        "letters of any script, digits, - and _ name a phase",
        arguments: [
            "database", "db-migrate_2", "A", "9", "-", "données", "日本語", "Ωmega_1",
        ])
    func valid(name: String) {
        #expect(PhaseName.isValid(name))
    }

    @Test(
        "an empty name, spaces, punctuation and symbols do not",
        arguments: [
            "", "a b", "a.b", "db/migrate", "x\n", "é!", "naïve?", "emoji😀", "tab\t",
        ])
    func invalid(name: String) {
        #expect(!PhaseName.isValid(name))
    }
}
