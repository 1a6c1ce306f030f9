namespace FastFormatters.Diagnostics;

/// <summary>How a response format was chosen, or why none was.</summary>
internal enum NegotiationRecord
{
    /// <summary>The client's <c>Accept</c> (or the <c>?format=</c> override) chose it.</summary>
    Negotiated,

    /// <summary>No usable <c>Accept</c>: the default format.</summary>
    Default,

    /// <summary>Nothing acceptable, and 406 is off (or the response is an error): the default format anyway.</summary>
    FellBackToDefault,

    /// <summary>Answered 406 Not Acceptable.</summary>
    NotAcceptable,

    /// <summary>A request body in a media type no formatter reads: 415.</summary>
    UnsupportedMediaType,
}
