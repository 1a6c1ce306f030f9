namespace FastFormatters.Diagnostics;

/// <summary>Whether a formatter read a request body or wrote a response body.</summary>
internal enum FormatterDirection
{
    /// <summary>Reading a request body.</summary>
    Read,

    /// <summary>Writing a response body.</summary>
    Write,
}
