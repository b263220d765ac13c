import LogSchema

/// One difference between two versions of the definitions, classified by what it does to
/// the logs already written: the unit of `loggen diff`, and (for the changes that break
/// the warehouse) the reason `loggen ddl --alter-from` refuses a migration.
///
/// Printed in the compiler's format, at the new definition (the old one for a removal):
///
/// ```text
/// LogDefinitions/recipe_search.md:15:3: error: type-changed: field 'page' of recipe_search.search changed from !integer to !string; …; …
/// ```
public struct DefinitionChange: Hashable, Sendable, CustomStringConvertible {
    /// How much a change can hurt the logs already written and the tools that read them.
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
        /// Nothing written before is misread (a note).
        case safe
        /// Old data stays readable, but something about it changes meaning (a warning).
        case caution
        /// History splits or the warehouse breaks (an error).
        case breaking

        /// The diagnostic severity it is printed with.
        public var diagnosticSeverity: Diagnostic.Severity {
            switch self {
            case .safe: .note
            case .caution: .warning
            case .breaking: .error
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The named rules, each with its severity; docs/Syntax.md ("Evolving the definitions")
    /// has an example of each.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        // Breaking.
        case categoryRemoved = "category-removed"
        case eventRemoved = "event-removed"
        case fieldRemoved = "field-removed"
        case typeChanged = "type-changed"
        case becameRequired = "became-required"
        case enumCaseRemoved = "enum-case-removed"
        case enumCaseMoved = "enum-case-moved"
        case enumWidened = "enum-widened"
        case columnTypeChanged = "column-type-changed"
        // Caution.
        case limitNarrowed = "limit-narrowed"
        case patternChanged = "pattern-changed"
        case becameOptional = "became-optional"
        case requiredFieldAdded = "required-field-added"
        case piiRemoved = "pii-removed"
        case markedObsolete = "marked-obsolete"
        // Safe.
        case categoryAdded = "category-added"
        case eventAdded = "event-added"
        case fieldAdded = "field-added"
        case enumAdded = "enum-added"
        case enumRemoved = "enum-removed"
        case enumCaseAdded = "enum-case-added"
        case limitWidened = "limit-widened"
        case markedDeprecated = "marked-deprecated"
        case statusRestored = "status-restored"
        case obsoleteRemoved = "obsolete-removed"
        case piiAdded = "pii-added"
        case descriptionChanged = "description-changed"

        public var severity: Severity {
            switch self {
            case .categoryRemoved, .eventRemoved, .fieldRemoved, .typeChanged, .becameRequired,
                .enumCaseRemoved, .enumCaseMoved, .enumWidened, .columnTypeChanged:
                .breaking
            case .limitNarrowed, .patternChanged, .becameOptional, .requiredFieldAdded, .piiRemoved, .markedObsolete:
                .caution
            case .categoryAdded, .eventAdded, .fieldAdded, .enumAdded, .enumRemoved, .enumCaseAdded,
                .limitWidened, .markedDeprecated, .statusRestored, .obsoleteRemoved, .piiAdded, .descriptionChanged:
                .safe
            }
        }
    }

    /// What changed: a category, an event, a field (of an event or the common payload), an
    /// enum type or one of its cases.
    public enum Subject: String, Hashable, Sendable {
        case category, event, field, commonField = "common field", enumType = "enum", enumCase = "enum case"
    }

    public var rule: Rule
    public var subject: Subject
    /// The event's tag (`recipe_search.search`), for an event or one of its fields.
    public var event: String?
    /// The field's name, for a field.
    public var field: String?
    /// The enum type's name, for an enum or one of its cases.
    public var enumType: String?
    /// Where the thing was in the old definitions (`nil` when it is new).
    public var oldLocation: SourceLocation?
    /// Where it is in the new definitions (`nil` when it was removed).
    public var newLocation: SourceLocation?
    /// `<what changed>; <what it breaks>; <what to do>`.
    public var message: String
    /// Whether the warehouse table cannot follow the change in place: `loggen ddl
    /// --alter-from` refuses exactly these.
    public var breaksWarehouse: Bool

    public init(
        rule: Rule, subject: Subject, event: String? = nil, field: String? = nil, enumType: String? = nil,
        oldLocation: SourceLocation?, newLocation: SourceLocation?, message: String, breaksWarehouse: Bool = false
    ) {
        self.rule = rule
        self.subject = subject
        self.event = event
        self.field = field
        self.enumType = enumType
        self.oldLocation = oldLocation
        self.newLocation = newLocation
        self.message = message
        self.breaksWarehouse = breaksWarehouse
    }

    public var severity: Severity { rule.severity }

    /// Where it is reported: the new definition, or the old one for a removal.
    public var location: SourceLocation? { newLocation ?? oldLocation }

    /// The change as a diagnostic: `path:line:column: error: rule: message`.
    public var diagnostic: Diagnostic {
        Diagnostic(severity.diagnosticSeverity, "\(rule.rawValue): \(message)", at: location)
    }

    public var description: String { diagnostic.description }
}
