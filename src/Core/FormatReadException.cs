namespace FastFormatters;

/// <summary>
/// The one exception FastFormatters readers throw for input they reject: malformed syntax, a value of the wrong type or
/// out of range, nesting deeper than allowed, or a length that disagrees with the data. The MVC and minimal-API input
/// paths turn it into a 400 response; any other exception leaving a reader is a bug.
/// </summary>
public sealed class FormatReadException : Exception
{
    // The characters for which System.Text.Json writes a property of a path in brackets.
    private static readonly System.Buffers.SearchValues<char> s_bracketedNameCharacters = System.Buffers.SearchValues.Create(". '/\"[]()\t\n\r\f\b\\\u0085\u2028\u2029");

    private List<string>? _pathSegments;

    /// <summary>Creates the exception.</summary>
    /// <param name="format">The short name of the format being read, e.g. <c>json</c>.</param>
    /// <param name="message">What is wrong, for a client to read.</param>
    /// <param name="bytePosition">The offset in the body where the problem was found.</param>
    /// <param name="innerException">The parse failure behind it, if any.</param>
    public FormatReadException(string format, string message, long bytePosition, Exception? innerException = null)
        : base(message, innerException)
    {
        Format = format;
        BytePosition = bytePosition;
    }

    /// <summary>The short name of the format being read, e.g. <c>json</c>.</summary>
    public string Format { get; }

    /// <summary>The offset in the body of the byte where the problem was found, or -1 when it is not known.</summary>
    public long BytePosition { get; }

    /// <summary>
    /// Where in the document the problem lies, as a JSONPath such as <c>$.items[2].price</c>; <c>$</c> for the root.
    /// </summary>
    public string Path => GetPath(int.MaxValue);

    /// <summary>
    /// <see cref="Path"/> cut to its outermost <paramref name="maxSegments"/> segments: for keys whose depth is limited,
    /// as MVC's model state keys are (<c>MvcOptions.MaxModelBindingRecursionDepth</c>).
    /// </summary>
    public string GetPath(int maxSegments)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(maxSegments);
        if (_pathSegments is null)
        {
            return "$";
        }

        var builder = new System.Text.StringBuilder("$");
        int last = Math.Max(0, _pathSegments.Count - maxSegments);
        for (int i = _pathSegments.Count - 1; i >= last; i--)
        {
            builder.Append(_pathSegments[i]);
        }

        return builder.ToString();
    }

    /// <summary>
    /// Adds the property or key the failing value was read for, spelled as System.Text.Json spells its paths: <c>.name</c>,
    /// or <c>['name']</c> when the name holds a character a dotted path cannot carry. Call it from an exception filter, as
    /// <see cref="AddPathSegment"/>.
    /// </summary>
    internal bool AddPropertySegment(string name)
        => AddPathSegment(name.AsSpan().ContainsAny(s_bracketedNameCharacters) ? "['" + name + "']" : "." + name);

    /// <summary>
    /// Adds the member or index the failing value was read for, innermost first. Call it from an exception filter,
    /// <c>catch (FormatReadException ex) when (ex.AddPathSegment(...))</c>: it returns false, so the exception is never
    /// caught and rethrown on the way out. Rethrowing at each level keeps every level's frames on the stack and overflows
    /// it on deep documents.
    /// </summary>
    internal bool AddPathSegment(string segment)
    {
        (_pathSegments ??= []).Add(segment);
        return false;
    }
}
