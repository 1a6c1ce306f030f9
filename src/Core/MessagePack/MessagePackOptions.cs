namespace FastFormatters.MessagePack;

/// <summary>Options of the MessagePack format.</summary>
public sealed class MessagePackOptions
{
    private readonly Action _verifyMutable;
    private MessagePackContract _contract;
    private bool _enumsAsStrings;
    private MessagePackCompressionMode _compression;
    private int _maxDepth = 500;
    private int _maxDecompressedSize = 64 * 1024 * 1024;
    private long? _maxRequestBodySize;

    // Options of the FastSerializerOptions that own them, read-only with them.
    internal MessagePackOptions(Action verifyMutable)
    {
        _verifyMutable = verifyMutable;
        ExternalSerializers = new OptionsList<ExternalMessagePackSerializer>(verifyMutable);
    }

    /// <summary>
    /// Which rules decide the members and names of objects: <see cref="MessagePackContract.MessagePackCSharp"/> (the
    /// default, what MessagePack-CSharp clients expect: names matched exactly, as it matches them) or
    /// <see cref="MessagePackContract.SameAsJson"/> (names matched as JSON matches them).
    /// </summary>
    public MessagePackContract Contract
    {
        get => _contract;
        set
        {
            _verifyMutable();
            _contract = value;
        }
    }

    /// <summary>
    /// Whether enums are written by name, as MessagePack-CSharp's <c>DynamicEnumAsStringResolver</c> writes them, instead
    /// of as their underlying numbers (the default, as its standard resolvers write them). Readers take both. With
    /// <see cref="MessagePackContract.SameAsJson"/>, JSON's enum form applies instead.
    /// </summary>
    public bool EnumsAsStrings
    {
        get => _enumsAsStrings;
        set
        {
            _verifyMutable();
            _enumsAsStrings = value;
        }
    }

    /// <summary>
    /// Serializers that take over the types they claim (<see cref="ExternalMessagePackSerializer"/>), asked in order
    /// before the built-in converters: the app's MessagePack-CSharp setup, for one (the FastFormatters.MessagePackCSharp
    /// package adds it with <c>UseMessagePackCSharp</c>).
    /// </summary>
    public IList<ExternalMessagePackSerializer> ExternalSerializers { get; }

    /// <summary>The deepest nesting a request body may have and a response may be written with. Defaults to 500.</summary>
    public int MaxDepth
    {
        get => _maxDepth;
        set
        {
            _verifyMutable();
            _maxDepth = value;
        }
    }

    /// <summary>
    /// How responses are compressed when the request does not say (<see cref="MessagePackCompressionRequest"/>):
    /// <see cref="MessagePackCompressionMode.None"/> (the default), <see cref="MessagePackCompressionMode.Lz4BlockArray"/> or
    /// <see cref="MessagePackCompressionMode.Lz4Block"/>. Compressed requests are accepted in either framing whatever this says.
    /// </summary>
    public MessagePackCompressionMode Compression
    {
        get => _compression;
        set
        {
            _verifyMutable();
            _compression = value;
        }
    }

    /// <summary>
    /// The largest size an LZ4-compressed request body may claim once decompressed. Defaults to 64 MiB. A claim beyond
    /// what LZ4 can expand the received bytes to is refused whatever this says.
    /// </summary>
    public int MaxDecompressedSize
    {
        get => _maxDecompressedSize;
        set
        {
            _verifyMutable();
            _maxDecompressedSize = value;
        }
    }

    /// <summary>
    /// The largest MessagePack request body, in bytes, as received (compressed or not). A larger body gets 413 before it
    /// is parsed: by its <c>Content-Length</c> when it declares one, else as soon as more has arrived.
    /// <see langword="null"/> (the default): the server's limit alone (Kestrel's <c>MaxRequestBodySize</c>, 30,000,000
    /// bytes by default), which also applies when it is the smaller.
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
