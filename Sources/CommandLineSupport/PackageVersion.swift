/// The package's version, which `loggen --version` and `logview --version` print.
///
/// Semantic versioning, `0.x.y` while the API settles. The one place the number is written:
/// `make version-check` (part of `make test`) fails when it differs from the newest release of
/// CHANGELOG.md, so a release bumps both in one commit (see CHANGELOG.md's header).
public enum PackageVersion {
    public static let current = "0.1.0"
}
