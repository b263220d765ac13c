import LogSchema
import Testing

@Suite struct SwiftNameTests {
    @Test(arguments: [
        ("recipe_search", "RecipeSearch"),
        ("SearchOrder", "SearchOrder"),
        ("home-banner", "HomeBanner"),
        ("user_post_detail", "UserPostDetail"),
        ("ios_app", "IosApp"),
        ("2020_campaign", "_2020Campaign"),
        ("a", "A"),
        ("___", ""),
    ])
    func upperCamelCase(name: String, expected: String) {
        #expect(SwiftName.upperCamelCase(name) == expected)
    }

    @Test(arguments: [
        ("recipe_id", "recipeId"),
        ("recipeId", "recipeId"),
        ("recipe-id", "recipeId"),
        ("RecipeID", "recipeID"),
        ("URL_path", "urlPath"),
        ("HTTPStatus", "httpStatus"),
        ("show more", "showMore"),
        ("high_quality_720p", "highQuality720p"),
        ("1st", "_1st"),
        ("人気", "人気"),
        ("-", ""),
    ])
    func lowerCamelCase(name: String, expected: String) {
        #expect(SwiftName.lowerCamelCase(name) == expected)
    }

    @Test func namesThatDifferOnlyInSeparatorsCollide() {
        #expect(SwiftName.lowerCamelCase("recipe_id") == SwiftName.lowerCamelCase("recipeId"))
        #expect(SwiftName.upperCamelCase("recipe_search") == SwiftName.upperCamelCase("RecipeSearch"))
    }

    @Test func keywordsAreEscaped() {
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.escaped("Type") == "`Type`")
        #expect(SwiftName.escaped("latest") == "latest")
    }
}

@Suite struct SwiftNameASCIIPathTests {
    /// The ASCII fast path and the Unicode path give the same names: the Unicode path is
    /// forced by a non-ASCII letter that is then removed from both results.
    @Test(arguments: [
        "recipe_id", "RecipeID", "URL_path", "HTTPStatus", "a1b2_C3d", "__x__y", "ABC", "aBC", "abcDEFGhi", "9lives",
        // Around the 15 bytes a string holds without allocating, before and after the `_`s go.
        "abcdefghijklmno", "abcdefghijklmnop", "a_b_c_d_e_f_g_h_i", "open_premium_button_12", "9_abcdefghijklmn", "9abcdefghijklmno",
        // Lowercase letters, digits and `_`s (a path of their own).
        "play_source_0", "_a__b_", "9_lives_2go", "a_1_b", "x1y_z2", "4_4", "step2_photo",
    ])
    func asciiMatchesUnicode(name: String) {
        let unicodeLower = SwiftName.lowerCamelCase(name + "_é")
        let unicodeUpper = SwiftName.upperCamelCase(name + "_é")
        #expect(SwiftName.lowerCamelCase(name) + "É" == unicodeLower)
        #expect(SwiftName.upperCamelCase(name) + "É" == unicodeUpper)
    }

    @Test func aNameWithoutLetterOrDigitHasNoIdentifier() {
        #expect(SwiftName.lowerCamelCase("__-__") == "")
        #expect(SwiftName.upperCamelCase("_") == "")
    }
}
