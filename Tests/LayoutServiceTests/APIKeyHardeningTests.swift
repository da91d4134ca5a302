import Testing

@testable import LayoutService

/// Issue 8's minor authentication items.
@Suite struct APIKeyHardeningTests {
    let keys = APIKeys(tenantsByKey: ["secret-key": "tenant-a"])

    @Test func bearerWithTrailingJunkIsRefused() {
        #expect(keys.tenant(forAuthorization: "Bearer secret-key") == "tenant-a")
        #expect(keys.tenant(forAuthorization: "bearer secret-key") == "tenant-a")
        #expect(keys.tenant(forAuthorization: "Bearer secret-key junk") == nil)
        #expect(keys.tenant(forAuthorization: "Bearer secret-key\tjunk") == nil)
        #expect(keys.tenant(forAuthorization: "Bearer  secret-key") == nil)
        #expect(keys.tenant(forAuthorization: "Bearer ") == nil)
        #expect(keys.tenant(forAuthorization: "Basic secret-key") == nil)
    }

    @Test func comparisonIsRightForEveryLength() {
        let known = Array("secret-key".utf8)
        #expect(APIKeys.constantTimeEquals(known, known))
        #expect(!APIKeys.constantTimeEquals(known, Array("secret-ke".utf8)))
        // A prefix repeated (the known key's bytes are cycled) must not match.
        #expect(!APIKeys.constantTimeEquals(known, Array("secret-keysecret-key".utf8)))
        #expect(!APIKeys.constantTimeEquals(known, []))
        #expect(!APIKeys.constantTimeEquals([], Array("x".utf8)))
        #expect(APIKeys.constantTimeEquals([], []))
    }
}
