namespace FastFormatters;

/// <summary>
/// What every format's options have: its request body limit. <see cref="FastSerializerOptions.Json"/> and
/// <see cref="FastSerializerOptions.Jsonc"/> are these; <see cref="MessagePack.MessagePackOptions"/> adds MessagePack's own.
/// </summary>
public class FormatOptions
{
    private long? _maxRequestBodySize;

    // Options of the FastSerializerOptions that own them, read-only with them.
    internal FormatOptions(Action verifyMutable) => VerifyMutable = verifyMutable;

    /// <summary>
    /// The largest request body in this format, in bytes, as received. A larger body gets 413 before it is parsed: by its
    /// <c>Content-Length</c> when it declares one, else as soon as more has arrived. <see langword="null"/> (the
    /// default): the server's limit alone (Kestrel's <c>MaxRequestBodySize</c>, 30,000,000 bytes by default), which also
    /// applies when it is the smaller.
    /// </summary>
    public long? MaxRequestBodySize
    {
        get => _maxRequestBodySize;
        set
        {
            VerifyMutable();
            _maxRequestBodySize = value;
        }
    }

    /// <summary>Throws once the owning options are read-only.</summary>
    private protected Action VerifyMutable { get; }
}
