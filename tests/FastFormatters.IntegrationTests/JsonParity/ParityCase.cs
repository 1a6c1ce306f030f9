namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// One model of the parity matrix: served under <c>/mvc/{Key}</c> and <c>/minimal/{Key}</c> with <see cref="Type"/> as
/// the declared type, and <see cref="Sample"/> (a fresh value per call) as the response body.
/// </summary>
/// <param name="Key">The route segment and the name in test output.</param>
/// <param name="Type">The declared type: the action's <c>ActionResult&lt;T&gt;</c>, the body's <c>T</c>.</param>
/// <param name="Sample">Creates the value the endpoints answer.</param>
public sealed record ParityCase(string Key, Type Type, Func<object?> Sample)
{
    /// <summary>
    /// JSON paths (matched ignoring case, with what is under them) of values declared <c>object</c> or held as extension
    /// data (the request variants' <c>unknownMember</c> included). By design FastFormatters reads those as a plain value
    /// tree rather than a <c>JsonElement</c>, so their echo may differ as <see cref="ObjectTreeAllowance"/> describes.
    /// </summary>
    public IReadOnlyList<string> ObjectValuedPaths { get; init; } = [];

    /// <summary>
    /// Whether the model has enums. By design FastFormatters reads enums leniently (names and numeric strings too, where
    /// System.Text.Json's number converter takes only numbers), so a body whose enum numbers are sent as strings may be
    /// read where the built-in answers 400.
    /// </summary>
    public bool HasEnums { get; init; }

    /// <summary>
    /// Whether the sample's runtime type differs from the declared type and the declared type's metadata matters
    /// (polymorphism): MVC's <c>JsonResult</c> writes by runtime type, so the MVC reference is then the built-in output
    /// formatter of the host without FastFormatters, which writes by declared type as <c>ActionResult&lt;T&gt;</c> asks.
    /// </summary>
    public bool DeclaredTypeMatters { get; init; }

    /// <summary>Whether the case runs in the matrix every option set shares; others are tested by one set's own facts.</summary>
    public bool InCommonMatrix { get; init; } = true;

    public override string ToString() => Key;
}
