namespace FastFormatters.Negotiation;

/// <summary>What <see cref="ResponseNegotiation.Choose"/> decided for one response.</summary>
internal readonly struct ResponseChoice
{
    private ResponseChoice(int candidate, string[]? writableTypes)
    {
        Candidate = candidate;
        WritableTypes = writableTypes;
    }

    /// <summary>Nothing can write the value: the caller's own fallback applies (MVC: no formatter, its 406).</summary>
    public static ResponseChoice None => new(-1, null);

    /// <summary>The index of the chosen candidate, or -1.</summary>
    public int Candidate { get; }

    /// <summary>Whether the response is to be 406 Not Acceptable, listing <see cref="WritableTypes"/>.</summary>
    public bool IsNotAcceptable => WritableTypes is not null;

    /// <summary>With a 406: the media types the value could have been written in.</summary>
    public string[]? WritableTypes { get; }

    public static ResponseChoice Chosen(int candidate) => new(candidate, null);

    public static ResponseChoice NotAcceptable(string[] writableTypes) => new(-1, writableTypes);
}
