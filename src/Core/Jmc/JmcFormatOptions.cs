namespace FastFormatters.Jmc;

/// <summary>Options of the JMC1 format (<c>application/jsonc</c>) that JSON does not share.</summary>
public sealed class JmcFormatOptions
{
    private readonly Action _verifyMutable;
    private long? _maxRequestBodySize;

    // Options of the FastSerializerOptions that own them, read-only with them.
    internal JmcFormatOptions(Action verifyMutable) => _verifyMutable = verifyMutable;

    /// <summary>
    /// The largest JMC1 request body, in bytes. A larger body gets 413 before it is parsed: by its <c>Content-Length</c>
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
