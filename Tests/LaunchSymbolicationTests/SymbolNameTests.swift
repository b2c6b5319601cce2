import LaunchSymbolication
import Testing

@Suite("Symbol names")
struct SymbolNameTests {
    @Test(
        "Demangled names are simplified",
        arguments: [
            ("SampleApp.CatalogStore.load() throws -> ()", "CatalogStore.load()", "SampleApp"),
            // sourcekit-lsp's `@Option var experimentalFeatures`: simplified to "property" and taken for C.
            (
                "property wrapper backing initializer of sourcekit_lsp.SourceKitLSP.experimentalFeatures : Swift.Array<Swift.String>",
                "SourceKitLSP.experimentalFeatures", "sourcekit_lsp"
            ),
            (
                "LaunchTool.BudgetEvaluator.evaluate(_: LaunchTool.BudgetFile, summary: LaunchTool.RunSummary, baselines: [Swift.String : LaunchTool.RunSummary]) -> LaunchTool.BudgetEvaluation",
                "BudgetEvaluator.evaluate(_:summary:baselines:)", "LaunchTool"
            ),
            (
                "static SampleApp.ThumbnailCache.warmSynchronously(megabytes: Swift.Int) -> Swift.UInt64",
                "ThumbnailCache.warmSynchronously(megabytes:)", "SampleApp"
            ),
            ("SampleApp.CatalogStore.catalog.getter : SampleApp.Catalog?", "CatalogStore.catalog.getter", "SampleApp"),
            (
                "closure #1 (Swift.Double) -> Swift.String in LaunchTool.SpreadAssessment.message.getter : Swift.String?",
                "closure #1 in SpreadAssessment.message.getter", "LaunchTool"
            ),
            (
                "closure #2 () -> () in closure #1 (Swift.Int) -> () in SampleApp.AppDelegate.application(_: LaunchKit.UIApplication, didFinishLaunchingWithOptions: [LaunchKit.UIApplication.LaunchOptionsKey : Any]?) -> Swift.Bool",
                "closure #2 in closure #1 in AppDelegate.application(_:didFinishLaunchingWithOptions:)", "SampleApp"
            ),
            ("generic specialization <Swift.Int> of Swift.Array.append(__owned A) -> ()", "Array.append(_:)", "Swift"),
            (
                "function signature specialization <Arg[0] = Owned To Guaranteed> of SampleApp.Catalog.init(data: Foundation.Data) throws -> SampleApp.Catalog",
                "Catalog.init(data:)", "SampleApp"
            ),
            (
                "protocol witness for Swift.Hashable.hash(into: inout Swift.Hasher) -> () in conformance SampleApp.Item : Swift.Hashable in SampleApp",
                "Hashable.hash(into:)", "Swift"
            ),
            (
                "LaunchTool.Bootstrap.(CodingKeys in _D8373594EBE818E8D20FF764EEC70623).init(stringValue: Swift.String) -> LaunchTool.Bootstrap.(CodingKeys in _D8373594EBE818E8D20FF764EEC70623)?",
                "Bootstrap.CodingKeys.init(stringValue:)", "LaunchTool"
            ),
            (
                "(extension in Foundation):Swift.String.init(contentsOfFile: Swift.String, encoding: Swift.String.Encoding) throws -> Swift.String",
                "String.init(contentsOfFile:encoding:)", "Swift"
            ),
            (
                "SampleApp.parse<A where A: Swift.Decodable>(A.Type, from: Foundation.Data) throws -> A",
                "parse(_:from:)", "SampleApp"
            ),
            ("merged SampleApp.CatalogRowView.layoutSubviews() -> ()", "CatalogRowView.layoutSubviews()", "SampleApp"),
            (
                "partial apply forwarder for closure #1 @Sendable () -> () in SampleApp.RemoteConfig.fetch() -> ()",
                "closure #1 in RemoteConfig.fetch()", "SampleApp"
            ),
            (
                "@objc LaunchAnalysisTests.cCallableProbe(Swift.Int32) -> Swift.Int32", "cCallableProbe(_:)",
                "LaunchAnalysisTests"
            ),
            (
                "SampleApp.sortKey(for: (Swift.Int) -> Swift.Int, value: Swift.Int) -> Swift.Int",
                "sortKey(for:value:)", "SampleApp"
            ),
        ] as [(String, String, String?)])
    func simplify(demangled: String, simple: String, module: String?) {
        let result = SymbolNameSimplifier.simplify(demangled)
        #expect(result.name == simple)
        #expect(result.module == module)
        #expect(!result.isCompilerGenerated)
    }

    @Test(
        "Compiler-made functions are flagged",
        arguments: [
            "reabstraction thunk helper from @escaping @callee_guaranteed () -> () to @escaping @callee_unowned @convention(block) () -> ()",
            "outlined copy of SampleApp.Catalog?",
            "type metadata accessor for SampleApp.CatalogStore",
            "one-time initialization function for shared",
            "destroy value witness for LaunchProbe.LaunchConfiguration",
            "initializeWithCopy value witness for SampleApp.CatalogItem",
            // swift-format's first launch: simplified to "instantiation" and taken for the program's own C code.
            "instantiation function for generic protocol witness table for ArgumentParser.HelpCommand : ArgumentParser.ParsableCommand in ArgumentParser",
            "protocol witness table for SampleApp.CatalogItem : Swift.Decodable in SampleApp",
        ])
    func generated(demangled: String) {
        #expect(SymbolNameSimplifier.simplify(demangled).isCompilerGenerated)
    }

    @Test("Mangled names go through the runtime's demangler; C names stay as they are")
    func rawNames() {
        let swift = SymbolName(raw: "$s9SampleApp12CatalogStoreC4loadyyKF")
        #expect(swift.full == "SampleApp.CatalogStore.load() throws -> ()")
        #expect(swift.simple == "CatalogStore.load()")
        #expect(swift.module == "SampleApp")
        let c = SymbolName(raw: "__libc_read")
        #expect(c.full == "__libc_read")
        #expect(c.simple == "__libc_read")
        #expect(c.module == nil)
        #expect(SwiftDemangler.demangle("$sNotAValidMangling") == nil)
        #expect(SymbolName(raw: "__GI___open_nocancel").simple == "__open_nocancel")
    }

    @Test("C++ names (the Swift runtime's own, LLVM's) are demangled and shortened to the qualified function")
    func cxxNames() {
        let runtime = SymbolName(
            raw:
                "_ZL23instantiateWitnessTablePKN5swift14TargetMetadataINS_9InProcessEEEPKNS_35TargetProtocolConformanceDescriptorIS1_EEPKPKvPPv"
        )
        #expect(runtime.full.hasPrefix("instantiateWitnessTable(swift::TargetMetadata<swift::InProcess> const*"))
        #expect(runtime.simple == "instantiateWitnessTable")
        #expect(runtime.module == nil && !runtime.isCompilerGenerated)
        #expect(SymbolName(raw: "_ZN4llvm5APInt14tcMultiplyPartEPmPKmmmjb").simple == "llvm::APInt::tcMultiplyPart")
        #expect(
            CxxDemangler.simplify("llvm::DenseMap<int, std::pair<int, int>>::grow(unsigned int)")
                == "llvm::DenseMap<…>::grow")
        #expect(
            CxxDemangler.simplify("(anonymous namespace)::Parser::parse(char const*) const")
                == "(anonymous namespace)::Parser::parse")
        #expect(CxxDemangler.demangle("_Znotvalid") == nil && CxxDemangler.demangle("main") == nil)
    }

    @Test("an optimizer's specialization and an async function's continuation are the function they stand for")
    func specializationsAndContinuations() {
        let specialized = SymbolNameSimplifier.simplify(
            "function signature specialization <Arg[2] = Owned To Guaranteed> of function signature specialization <Arg[1] = [Closure Propagated : $s7NIOCore15EventLoopFutureCyytGIegho_ytADIeghno_TR, Argument Types : [@escaping @callee_guaranteed @Sendable () -> (@owned NIOCore.EventLoopFuture<()>)]> of generic specialization <(), ()> of closure #1 @Sendable () -> NIOCore.CallbackList in NIOCore.EventLoopFuture._flatMap<A where A1: Swift.Sendable>(@Sendable (A) -> NIOCore.EventLoopFuture<A1>) -> NIOCore.EventLoopFuture<A1>"
        )
        #expect(specialized.module == "NIOCore", "\(specialized)")
        #expect(specialized.name.hasPrefix("closure #1 in EventLoopFuture._flatMap"), "\(specialized.name)")
        let resumed = SymbolName(raw: "$s11FixtureToolAAV4mainyyYaFZTY0_")
        #expect(resumed.simple == "FixtureTool.main()", "\(resumed.simple)")
        #expect(resumed.module == "FixtureTool")
    }
}
