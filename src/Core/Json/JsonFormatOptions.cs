namespace FastFormatters.Json;

/// <summary>Options of the JSON format (<c>application/json</c>) that JMC1 does not share.</summary>
public sealed class JsonFormatOptions
{
    private readonly Action _verifyMutable;
    private long? _maxRequestBodySize;

    // Options of the FastSerializerOptions that own them, read-only with them.
    internal JsonFormatOptions(Action verifyMutable) => _verifyMutable = verifyMutable;

    /// <summary>
    /// The largest JSON request body, in bytes. A larger body gets 413 before it is parsed: by its <c>Content-Length</c>
    /// when it declares one, else as soon as more has arrived. <see langword="null"/> (the default): the server's limit
    /// alone (Kestrel's <c>MaxRequestBodySize</c>, 30,000,000 bytes by default), which also applies when it is the smaller.
    /// </summary>
    public long? MaxRequestBodySize
    {
        get => _maxRequestBodySize;
        set
        {
            _verifyMutable();
            _maxRequestBodySize = value;
        }
    }
}
