import Testing
@testable import KuchiCore
@testable import KuchiData

/// SettingTitleTests: the data layer names a setting (in the gate's refusals, the sync's notices)
/// by the key `kuchi config` takes for it — one name per setting, wherever it is said.
@Suite("A setting's name is its kuchi config key")
struct SettingTitleTests {
    @Test("every config key's field is titled by that key, and every travelling setting has a key")
    func titlesAreConfigKeys() {
        for key in ConfigKey.allCases {
            #expect(key.field.settingTitle == key.rawValue, "\(key.field) is titled \(key.field.settingTitle), not \(key.rawValue)")
        }
        for field in SettingValues.travelling where field != .name {
            #expect(ConfigKey(rawValue: field.settingTitle) != nil, "\(field) has no kuchi config key")
        }
    }
}
