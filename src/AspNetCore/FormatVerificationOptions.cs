using FastFormatters.MessagePack;

namespace FastFormatters;

/// <summary>
/// The verify mode, for development and staging: the first values of each response type in each format are also
/// serialized by the ecosystem's own serializer and compared with what FastFormatters wrote. A difference is logged as
/// an error that names the type, the first path where the two differ and both values there; it is counted in the
/// diagnostics report and the <c>FastFormatters</c> meter, and, with <see cref="ServeReferenceOnDifference"/>, that
/// type is written by the ecosystem's serializer from then on. Off by default; when off it costs nothing.
/// </summary>
/// <remarks>
/// JSON and JMC1 are compared with System.Text.Json under the endpoint's own <c>JsonOptions</c> (MVC's for controllers,
/// the minimal APIs' for endpoints), as data: property order, escaping and number spelling are not differences, and
/// JMC1's comments are ignored. Under <see cref="Json.JsonContractKind.Unified"/> JSON has no ecosystem to compare with and
/// is not verified. MessagePack is compared with <see cref="MessagePackReference"/>, the app's MessagePack-CSharp
/// configuration, value by value (integer widths are not differences); it is not verified when that is not set.
/// </remarks>
public sealed class FormatVerificationOptions
{
    private readonly Action _verifyMutable;
    private bool _enabled;
    private int _valuesPerType = 10;
    private bool _serveReferenceOnDifference;
    private ExternalMessagePackSerializer? _messagePackReference;

    internal FormatVerificationOptions(Action verifyMutable) => _verifyMutable = verifyMutable;

    /// <summary>Whether responses are verified. Defaults to <see langword="false"/>.</summary>
    public bool Enabled
    {
        get => _enabled;
        set
        {
            _verifyMutable();
            _enabled = value;
        }
    }

    /// <summary>How many values of each response type are verified in each format. Defaults to 10; at least 1.</summary>
    public int ValuesPerType
    {
        get => _valuesPerType;
        set
        {
            _verifyMutable();
            _valuesPerType = value;
        }
    }

    /// <summary>
    /// Whether a type found to differ is written by the ecosystem's serializer from then on, in that format, for the
    /// life of the app. Defaults to <see langword="false"/>: the difference is reported and FastFormatters keeps writing.
    /// </summary>
    public bool ServeReferenceOnDifference
    {
        get => _serveReferenceOnDifference;
        set
        {
            _verifyMutable();
            _serveReferenceOnDifference = value;
        }
    }

    /// <summary>
    /// The serializer MessagePack responses are compared with: the app's MessagePack-CSharp configuration, as
    /// <c>new MessagePackCSharpSerializer(options, MessagePackCSharpTypes.All)</c> from the FastFormatters.MessagePackCSharp
    /// package. <see langword="null"/> (the default) leaves MessagePack unverified.
    /// </summary>
    public ExternalMessagePackSerializer? MessagePackReference
    {
        get => _messagePackReference;
        set
        {
            _verifyMutable();
            _messagePackReference = value;
        }
    }
}
