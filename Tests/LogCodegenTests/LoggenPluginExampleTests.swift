import Testing
import TestSupport

/// `LoggenPluginExample` uses LoggenPlugin with its own `LogDefinitions/`: that it built at
/// all proves the plugin generated and compiled the code; its output proves the code logs
/// what the definitions say, constraints included.
@Suite struct LoggenPluginExampleTests {
    @Test func pluginGeneratedCodeLogsItsDefinitions() throws {
        let result = try ProcessRunner.run(try ProcessRunner.builtExecutable("LoggenPluginExample"), [])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput == """
                checkout.pay amount=integer(1200) method=string("card") coupon=string("SPRING24")
                checkout.pay amount=integer(10000) method=string("cash") coupon=string("lower-case")
                  violation amount: range: 99999 outside 1...10000; clamped to 10000
                  violation coupon: pattern: does not match ^[A-Z0-9]+$; sent as it is
                checkout.cancel 
                methods ["card", "cash"]
                schema true
                embedded true

                """)
    }
}
