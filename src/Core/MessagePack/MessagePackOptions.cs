namespace FastFormatters.MessagePack;

/// <summary>Options of the MessagePack format.</summary>
public sealed class MessagePackOptions : FormatOptions
{
    private MessagePackContract _contract;
    private bool _enumsAsStrings;
    private MessagePackCompressionMode _compression;
    private int _maxDepth = 500;
    private int _maxDecompressedSize = 64 * 1024 * 1024;

    // Options of the FastSerializerOptions that own them, read-only with them.
    internal MessagePackOptions(Action verifyMutable)
        : base(verifyMutable)
    {
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
            VerifyMutable();
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
            VerifyMutable();
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
            VerifyMutable();
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
            VerifyMutable();
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
            VerifyMutable();
            _maxDecompressedSize = value;
        }
    }
}
