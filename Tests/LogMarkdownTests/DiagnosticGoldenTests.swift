import LogMarkdown
import LogSchema
import Testing

/// One malformed document per rule → the exact diagnostics `loggen lint` prints.
///
/// Documents are loaded as if from the folder `Defs`, so paths read `Defs/<file>`.
@Suite struct DiagnosticGoldenTests {
    /// A field line without the colon between name and type.
    @Test func unparseableFieldLine() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - item_id !bigint
                    - The item
                """
            ],
            """
            Defs/shop.md:7:3: error: expected 'name: type' but found 'item_id !bigint'; write a field as '- recipe_id: !bigint'
            """)
    }

    /// A file name that is not a category name: the category and every tag are named after it.
    @Test(arguments: [
        ("recipe.search.md", "recipe_search.md"),
        ("recipe search.md", "recipe_search.md"),
        ("recipe-search.md", "recipe_search.md"),
        ("v2.0.md", "v2_0.md"),
    ])
    func fileNameThatIsNotACategoryName(file: String, rename: String) {
        let name = String(file.dropLast(3))
        expectDiagnostics(
            [file: "# \(name)\n\n## buy\n\nSent on a purchase.\n\n- item_id: !bigint\n    - The item\n"],
            """
            Defs/\(file):1:1: error: the file name '\(file)' is not a category name (letters, digits and '_'), and the category is named after its file; rename it to '\(rename)'
            """)
    }

    /// A builtin type that does not exist.
    @Test func unknownBuiltin() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - item_id: !uuid
                    - The item
                """
            ],
            """
            Defs/shop.md:7:12: error: unknown builtin type '!uuid'; use one of !smallint, !integer, !bigint, !real, !double, !boolean, !string, !date, !timestamp, !timestamptz, or a custom type name without '!'
            """)
    }

    /// A length on a type that is not a string.
    @Test func lengthOnNonString() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - quantity: !integer 10
                    - How many
                """
            ],
            """
            Defs/shop.md:7:22: error: a length applies to !string only, not to '!integer'; remove '10'
            """)
    }

    /// A range whose minimum is greater than its maximum.
    @Test func rangeMinGreaterThanMax() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - quantity: !integer 10..1
                    - How many
                """
            ],
            """
            Defs/shop.md:7:22: error: empty range '10..1': the minimum is greater than the maximum; write it as 1..10
            """)
    }

    /// A range on a type that is not a number.
    @Test func rangeOnNonNumber() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - coupon: !string 16 1..5
                    - The coupon code
                """
            ],
            """
            Defs/shop.md:7:22: error: a range applies to numbers only, not to '!string'; remove '1..5'
            """)
    }

    /// A pattern that is not a valid regular expression.
    @Test func invalidRegularExpression() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - coupon: !string 16 `^[A-Z+$`
                    - The coupon code
                """
            ],
            """
            Defs/shop.md:7:22: error: invalid regular expression `^[A-Z+$`: expected ']'
            """)
    }

    /// Two events with one name in a category, with a note at the first.
    @Test func duplicateEvent() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                ## buy

                Sent again.
                """
            ],
            """
            Defs/shop.md:7:4: error: duplicate event 'buy' in category 'shop'; rename or merge one
            Defs/shop.md:3:4: note: 'buy' first defined here
            """)
    }

    /// Two fields with one name in an event, with a note at the first.
    @Test func duplicateField() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - item_id: !bigint
                    - The item
                - item_id: !bigint
                    - The item again
                """
            ],
            """
            Defs/shop.md:9:3: error: duplicate field 'item_id' in event 'buy'; remove one
            Defs/shop.md:7:3: note: 'item_id' first defined here
            """)
    }

    /// Two cases with one raw value in an enum type.
    @Test func duplicateEnumCase() {
        expectDiagnostics(
            [
                "types.md": """
                # types

                ## PaymentKind

                How the user paid.

                - card
                - cash
                - card
                """
            ],
            """
            Defs/types.md:9:3: error: duplicate case 'card' in type 'PaymentKind'; remove one
            Defs/types.md:7:3: note: 'card' first declared here
            """)
    }

    /// A field name with a different type in another event.
    @Test func fieldWithAnotherTypeElsewhere() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - item_id: !bigint
                    - The item

                ## return_item

                Sent when an item is returned.

                - item_id: !string 32
                    - The item
                """
            ],
            """
            Defs/shop.md:14:3: error: field 'item_id' is '!string 32' here but '!bigint' in shop.buy; a field name has one type in every event (one warehouse column)
            Defs/shop.md:7:3: note: 'item_id' first declared here
            """)
    }

    /// A field that shadows a field of the common payload.
    @Test func fieldShadowsCommon() {
        expectDiagnostics(
            [
                "common.md": """
                # common

                - user_id: !bigint?
                    - The user
                """,
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - user_id: !bigint
                    - The buyer
                """,
            ],
            """
            Defs/shop.md:7:3: error: field 'user_id' shadows the common field of the same name; rename it, the common payload already sends 'user_id'
            Defs/common.md:3:3: note: common field 'user_id' is defined here
            """)
    }

    /// The same name written precomposed in common.md and decomposed in an event (two
    /// editors, two normalisations) is the same name: it shadows, as every other rule says.
    @Test func fieldShadowsCommonInAnotherNormalisation() {
        expectDiagnostics(
            [
                "common.md": """
                # common

                - caf\u{E9}: !bigint?
                    - A precomposed name
                """,
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - cafe\u{301}: !bigint
                    - The same name, decomposed
                """,
            ],
            """
            Defs/shop.md:7:3: error: field 'cafe\u{301}' shadows the common field of the same name; rename it, the common payload already sends 'cafe\u{301}'
            Defs/common.md:3:3: note: common field 'caf\u{E9}' is defined here
            """)
    }

    /// A field named after a key of the log envelope.
    @Test func reservedName() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - event_name: !string 32
                    - The event's name
                """
            ],
            """
            Defs/shop.md:7:3: error: field name 'event_name' is reserved for the log envelope; rename the field (reserved: id, log_id, event_name, event_category, uuid, seq, time, tag, schema, common, violations, payload)
            """)
    }

    /// A name longer than 64 characters.
    @Test func nameLongerThan64() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - identifier_of_the_item_that_the_user_bought_in_the_shop_on_the_screen: !bigint
                    - The item
                """
            ],
            """
            Defs/shop.md:7:3: error: field name 'identifier_of_the_item_that_the_user_bought_in_the_shop_on_the_screen' is 69 characters long; shorten it to at most 64
            """)
    }

    /// Two field names that become the same Swift label.
    @Test func sameSwiftName() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - item_id: !bigint
                    - The item
                - itemId: !bigint
                    - The item, again
                """
            ],
            """
            Defs/shop.md:9:3: error: field 'itemId' and field 'item_id' both become the Swift label name 'itemId'; rename one
            Defs/shop.md:7:3: note: 'item_id' is here
            """)
    }

    /// Two event names that become the same Swift case.
    @Test func sameSwiftNameEvents() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## tap_item

                Sent on a tap.

                ## tapItem

                Sent on a tap, again.
                """
            ],
            """
            Defs/shop.md:7:4: error: event 'tapItem' and event 'tap_item' both become the Swift case name 'tapItem'; rename one
            Defs/shop.md:3:4: note: 'tap_item' is here
            """)
    }

    /// Two category names that become the same Swift type.
    @Test func sameSwiftNameCategories() {
        expectDiagnostics(
            [
                "shop_item.md": """
                # shop_item

                Items.
                """,
                "shopItem.md": """
                # shopItem

                Items again.
                """,
            ],
            """
            Defs/shop_item.md:1:3: error: category 'shop_item' and category 'shopItem' both become the Swift type name 'ShopItem'; rename one
            Defs/shopItem.md:1:3: note: 'shopItem' is here
            """)
    }

    /// Two enum cases that become the same Swift case.
    @Test func sameSwiftNameCases() {
        expectDiagnostics(
            [
                "types.md": """
                # types

                ## Sort

                How results are sorted.

                - price_low
                - price-low
                """
            ],
            """
            Defs/types.md:8:3: error: case 'price-low' and case 'price_low' both become the Swift case name 'priceLow'; rename one
            Defs/types.md:7:3: note: 'price_low' is here
            """)
    }

    /// A `#` heading that differs from the file name (a warning).
    @Test func headingMismatch() {
        expectDiagnostics(
            [
                "shop.md": """
                # store

                ## buy

                Sent on a purchase.
                """
            ],
            """
            Defs/shop.md:1:3: warning: heading 'store' differs from the file name 'shop'; the category is named after the file, so rename one to match
            """)
    }

    /// A second bullet list under an event (a warning; it is ignored).
    @Test func secondBulletList() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - item_id: !bigint
                    - The item

                Also:

                - price: !integer
                    - The price
                """
            ],
            """
            Defs/shop.md:12:1: warning: second bullet list under event 'buy' is ignored; put all fields in one list
            """)
    }

    /// An event and a field without descriptions (warnings).
    @Test func noDescription() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                - item_id: !bigint
                """
            ],
            """
            Defs/shop.md:3:4: warning: event 'buy' has no description; add a paragraph under its heading
            Defs/shop.md:5:3: warning: field 'item_id' has no description; add a nested bullet under it
            """)
    }

    /// A document that is not UTF-8.
    @Test func notUTF8() {
        let bytes = Array("# shop\n\n## buy ".utf8) + [0xFF] + Array("\n".utf8)
        let loaded = SchemaLoader().load(documents: [("Defs/shop.md", bytes)])
        #expect(
            DiagnosticPrinter.render(loaded.diagnostics) == """
                Defs/shop.md:3:8: error: the document is not UTF-8 (byte 0xFF); save it as UTF-8

                """)
    }

    /// A marker that does not exist, on an event and on a field.
    @Test func unknownMarker() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## [hidden] buy

                Sent on a purchase.

                - [secret] item_id: !bigint
                    - The item
                """
            ],
            """
            Defs/shop.md:3:4: error: unknown marker '[hidden]'; the markers are [obsolete], [deprecated] and [pii]
            Defs/shop.md:7:3: error: unknown marker '[secret]'; the markers are [obsolete], [deprecated] and [pii]
            """)
    }

    /// `[pii]` on an event (it marks fields only).
    @Test func piiOnEvent() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## [pii] buy

                Sent on a purchase.
                """
            ],
            """
            Defs/shop.md:3:4: error: [pii] marks fields only; remove it from event 'buy'
            """)
    }

    /// An array suffix that is neither `[]` nor `[N]`.
    @Test func badArraySuffix() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - item_ids: !bigint[x]
                    - The items
                """
            ],
            """
            Defs/shop.md:7:20: error: malformed array suffix; write '[]' or a maximum count such as '[5]'
            """)
    }

    /// A pattern on a type that is not a string.
    @Test func patternOnNonString() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - quantity: !integer `^[0-9]+$`
                    - How many
                """
            ],
            """
            Defs/shop.md:7:22: error: a pattern applies to !string only, not to '!integer'; remove `^[0-9]+$`
            """)
    }

    /// A fractional range bound on a whole-number type.
    @Test func realBoundOnInteger() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - quantity: !integer 0.5..3
                    - How many
                """
            ],
            """
            Defs/shop.md:7:22: error: range bound 0.5 is not a whole number, but '!integer' holds whole numbers
            """)
    }

    /// Text after the type that is no constraint.
    @Test func unexpectedToken() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                - quantity: !integer max
                    - How many
                """
            ],
            """
            Defs/shop.md:7:22: error: unexpected 'max' after the type; a constraint is a length (32), a range (1..100) or a pattern in backticks
            """)
    }

    /// A bullet with no field line.
    @Test func emptyBullet() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy

                Sent on a purchase.

                -
                """
            ],
            """
            Defs/shop.md:7:1: error: empty bullet; write a field as 'name: !type', such as '- recipe_id: !bigint'
            """)
    }

    /// A second bullet list before the first event: the first is the category's common
    /// fields; the second is ignored with a warning.
    @Test func secondListBeforeFirstEvent() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                - item_id: !bigint
                    - The item

                Some words between.

                - price: !integer
                    - The price
                """
            ],
            """
            Defs/shop.md:8:1: warning: second bullet list before the first event is ignored; put all of the category's common fields in one list
            """)
    }

    /// The category's common fields are checked like any field, and an event's field may not
    /// shadow one of them, nor another event have another type for the same name.
    @Test func categoryCommonFieldsAreCheckedLikeAnyField() {
        expectDiagnostics(
            [
                "common.md": """
                # common

                - user_id: !bigint?
                    - The user
                """,
                "shop.md": """
                # shop

                - screen: !string 32
                    - The screen the event was sent from
                - user_id: !bigint
                    - Shadows common.md
                - self: !bigint
                    - A name the generated code uses
                - time: !timestamp
                    - A name the envelope reserves
                - note: !string

                ## buy

                Sent on a purchase.

                - screen: !string 32
                    - Shadows the category's field
                - item_id: !bigint
                    - The item
                """,
                "cart.md": """
                # cart

                ## add

                Sent when an item is added.

                - screen: !integer
                    - Another type for the same name
                """,
            ],
            """
            Defs/shop.md:3:3: error: field 'screen' is '!string 32' here but '!integer' in cart.add; a field name has one type in every event (one warehouse column)
            Defs/cart.md:7:3: note: 'screen' first declared here
            Defs/shop.md:5:3: error: field 'user_id' shadows the common field of the same name; rename it, the common payload already sends 'user_id'
            Defs/common.md:3:3: note: common field 'user_id' is defined here
            Defs/shop.md:7:3: error: field 'self' becomes 'self' in Swift, a name the generated code already uses; rename it
            Defs/shop.md:9:3: error: field name 'time' is reserved for the log envelope; rename the field (reserved: id, log_id, event_name, event_category, uuid, seq, time, tag, schema, common, violations, payload)
            Defs/shop.md:11:3: warning: field 'note' has no description; add a nested bullet under it
            Defs/shop.md:17:3: error: field 'screen' shadows the common field of category 'shop' of the same name; rename it, every event of the category already sends 'screen'
            Defs/shop.md:3:3: note: 'screen' is defined here, before the first event
            Defs/shop.md:17:3: error: field 'screen' is '!string 32' here but '!integer' in cart.add; a field name has one type in every event (one warehouse column)
            Defs/cart.md:7:3: note: 'screen' first declared here
            """)
    }

    /// An event name with a space; its fields are skipped with it, not reported again.
    @Test func invalidEventName() {
        expectDiagnostics(
            [
                "shop.md": """
                # shop

                ## buy now

                Sent on a purchase.

                - item_id: !bigint
                    - The item
                """
            ],
            """
            Defs/shop.md:3:4: error: invalid event name 'buy now'; a name is letters, digits and '_', such as 'tap_recipe'
            """)
    }

    /// Two enum types with one name.
    @Test func duplicateType() {
        expectDiagnostics(
            [
                "types.md": """
                # types

                ## Sort

                - price

                ## Sort

                - name
                """
            ],
            """
            Defs/types.md:7:4: error: duplicate type 'Sort'; merge its cases into one declaration
            Defs/types.md:3:4: note: 'Sort' first declared here
            """)
    }

    /// The same rule in an event with many fields (found by a dictionary, not a scan).
    @Test func duplicateFieldInALongList() {
        let fields = (0..<40).map { "- field_\($0): !integer\n    - A field\n" }.joined()
        expectDiagnostics(
            ["shop.md": "# shop\n\n## buy\n\nSent on a purchase.\n\n" + fields + "- field_3: !integer\n    - Again\n"],
            """
            Defs/shop.md:87:3: error: duplicate field 'field_3' in event 'buy'; remove one
            Defs/shop.md:13:3: note: 'field_3' first defined here
            """)
    }

    /// Markers on an enum type (they apply to events and fields).
    @Test func markersOnAType() {
        expectDiagnostics(
            ["types.md": "# types\n\n## [deprecated] Sort\n\n- price\n"],
            """
            Defs/types.md:3:4: error: markers do not apply to types; remove '[deprecated]'
            """)
    }

    /// An event in common.md (a warning; it is ignored).
    @Test func eventInCommon() {
        expectDiagnostics(
            ["common.md": "# launch_payload\n\n## launch\n\n- launched_at: !timestamp\n    - When\n"],
            """
            Defs/common.md:1:3: warning: heading 'launch_payload' differs from the file name 'common'; the category is named after the file, so rename one to match
            Defs/common.md:3:4: warning: common.md holds the common payload only; event 'launch' is ignored, move it to a category document
            """)
    }

    /// A marker whose bracket is not closed.
    @Test func unclosedMarker() {
        expectDiagnostics(
            ["shop.md": "# shop\n\n## buy\n\nSent on a purchase.\n\n- [pii item_id: !bigint\n    - The item\n"],
            """
            Defs/shop.md:7:3: error: unclosed marker '[pii item_id: !bigint'; write markers as [obsolete], [deprecated] or [pii]
            """)
    }
}
