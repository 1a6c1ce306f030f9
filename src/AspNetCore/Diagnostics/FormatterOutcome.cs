namespace FastFormatters.Diagnostics;

/// <summary>How a read or write by a formatter ended.</summary>
internal enum FormatterOutcome
{
    /// <summary>Completed.</summary>
    Ok,

    /// <summary>The client sent input the format rejects (a 4xx).</summary>
    ClientError,

    /// <summary>The server failed (serialization threw).</summary>
    ServerError,

    /// <summary>The client went away first.</summary>
    Aborted,
}
