using FastFormatters.MessagePack;

namespace FastFormatters;

/// <summary>
/// Options for the FastFormatters serializers, with or without HTTP: which contract each format follows (JSON the app's
/// System.Text.Json options by default, MessagePack MessagePack-CSharp's), depths, duplicate keys and body limits.
/// <see cref="FastFormattersSerializer"/> and the <c>HttpClient</c> helpers take these; ASP.NET Core apps configure the
/// derived <c>FastFormattersOptions</c>, which adds negotiation and diagnostics.
/// </summary>
public class FastSerializerOptions
{
    /// <summary>The largest depth limit accepted (<see cref="Json.UnifiedContractOptions.MaxDepth"/>, <see cref="MessagePackOptions.MaxDepth"/>).</summary>
    public const int MaxDepthLimit = 1024;

    private bool _isReadOnly;
    private Json.JsonContractKind _jsonContract;
    private bool _rejectDuplicateKeys;

    // The options only the unified contract reads, set by the app: with any other contract they would do nothing.
    private List<string>? _unifiedOnlySet;

    /// <summary>Creates options with the defaults.</summary>
    public FastSerializerOptions()
    {
        Action verifyMutable = VerifyMutable;
        Json = new FormatOptions(verifyMutable);
        Jsonc = new FormatOptions(verifyMutable);
        MessagePack = new MessagePackOptions(verifyMutable);
        Unified = new Json.UnifiedContractOptions(verifyMutable, SetUnifiedOnly);
        Converters = new OptionsList<Serialization.ValueConverter>(verifyMutable);
        ConverterProviders = new OptionsList<Serialization.ConverterProvider>(verifyMutable);
        ContractModifiers = new OptionsList<Action<Serialization.ObjectContractInfo>>(verifyMutable);
        TypeShapeProviders = new OptionsList<Serialization.Shapes.TypeShapeProvider>(verifyMutable);
    }

    /// <summary>
    /// Whether the options can no longer change: a serializer made them read-only when it was built from them (as
    /// System.Text.Json's options become read-only when first used). Setting an option then throws.
    /// </summary>
    public bool IsReadOnly => _isReadOnly;

    /// <summary>Makes the options read-only; a serializer built from them does this itself.</summary>
    public void MakeReadOnly() => _isReadOnly = true;

    /// <summary>Throws when the options are read-only.</summary>
    /// <exception cref="InvalidOperationException">A serializer has been built from these options.</exception>
    private protected void VerifyMutable()
    {
        if (_isReadOnly)
        {
            throw new InvalidOperationException($"These {GetType().Name} are in use by a serializer and can no longer change: configure them before the first serializer (or the app) is built from them.");
        }
    }

    /// <summary>
    /// Which rules decide JSON's members, names and forms: <see cref="Json.JsonContractKind.SystemTextJson"/> (the default:
    /// the app's System.Text.Json options, so JSON clients see what the built-in formatters would send) or
    /// <see cref="Json.JsonContractKind.Unified"/> (the data-contract attributes for models written for Newtonsoft.Json or WCF, configured by <see cref="Unified"/>).
    /// </summary>
    public Json.JsonContractKind JsonContract
    {
        get => _jsonContract;
        set
        {
            VerifyMutable();
            _jsonContract = value;
        }
    }

    /// <summary>
    /// The options of the unified contract: names, null omission, the enum form and the depth, read only with
    /// <see cref="JsonContract"/> = <see cref="Json.JsonContractKind.Unified"/>.
    /// </summary>
    public Json.UnifiedContractOptions Unified { get; }

    /// <summary>
    /// Whether a key that appears twice in one object (JSON, JMC1) or map (MessagePack) of a request body is an error
    /// (400). Defaults to <see langword="false"/>: the last value wins, as with System.Text.Json. Member names matched
    /// case-insensitively count as the same key.
    /// </summary>
    public bool RejectDuplicateKeys
    {
        get => _rejectDuplicateKeys;
        set
        {
            VerifyMutable();
            _rejectDuplicateKeys = value;
        }
    }

    /// <summary>The options of the JSON format alone (its request body limit).</summary>
    public FormatOptions Json { get; }

    /// <summary>The options of the JMC1 format alone (its request body limit).</summary>
    public FormatOptions Jsonc { get; }

    /// <summary>The options of the MessagePack format.</summary>
    public MessagePackOptions MessagePack { get; }

    /// <summary>
    /// The app's converters, which take their type before everything else, in every contract: a
    /// <see cref="Serialization.ValueConverter{T}"/> derived from <see cref="Json.Converters.JsonValueConverter{T}"/>
    /// serves JSON and JMC1, one from <see cref="MessagePack.Converters.MessagePackValueConverter{T}"/> serves
    /// MessagePack; a type may have one of each. The first registered for a type and family wins. Read when the
    /// serializer is built, which makes the options read-only: a change after that throws.
    /// </summary>
    public IList<Serialization.ValueConverter> Converters { get; }

    /// <summary>
    /// The app's converter sources, asked in order after <see cref="Converters"/> and before the built-in converters;
    /// see <see cref="Serialization.ConverterProvider"/>.
    /// </summary>
    public IList<Serialization.ConverterProvider> ConverterProviders { get; }

    /// <summary>
    /// Changes to the members of object types, applied in order to each type's <see cref="Serialization.ObjectContractInfo"/>
    /// (once per type and format family) before its converter is built: leave members out, rename them, reorder them,
    /// make them required or omitted. They apply under every contract; with the default System.Text.Json contract for
    /// JSON, the app's own <c>JsonSerializerOptions.TypeInfoResolver</c> modifiers remain the way to change JSON as the
    /// built-in formatters would (such a type is then written by System.Text.Json itself).
    /// </summary>
    public IList<Action<Serialization.ObjectContractInfo>> ContractModifiers { get; }

    /// <summary>
    /// Describe types without reflection, most often generated for a partial class marked
    /// <see cref="Serialization.Shapes.FastSerializableAttribute"/>. A type is served from the first provider that
    /// describes it, under the same contract as by reflection, on the JIT too; reflection serves only what no provider
    /// describes, and nothing where converters are not built by reflection (trimmed and Native AOT apps, where
    /// System.Text.Json's <c>JsonSerializerIsReflectionEnabledByDefault</c> is false). <see cref="Converters"/> and
    /// <see cref="ConverterProviders"/> still come first.
    /// </summary>
    public IList<Serialization.Shapes.TypeShapeProvider> TypeShapeProviders { get; }

    /// <summary>
    /// Whether converters may be built by reflection where the app allows it (<see cref="Serialization.ReflectionContracts"/>);
    /// off, types are served as in a trimmed app, from their shapes. For the tests, which compare the two in one process.
    /// </summary>
    internal bool BuildsByReflection { get; set; } = true;

    /// <summary>
    /// What is wrong with these options: one message per broken option, naming it and its rule; empty when valid. A
    /// serializer built from invalid options throws an <see cref="ArgumentOutOfRangeException"/> with these messages.
    /// </summary>
    public IReadOnlyList<string> Validate()
    {
        var errors = new List<string>();
        if (JsonContract != FastFormatters.Json.JsonContractKind.Unified && _unifiedOnlySet is not null)
        {
            foreach (string name in _unifiedOnlySet)
            {
                errors.Add($"Unified.{name} applies only with JsonContract = Unified; with the System.Text.Json contract, the app's JsonSerializerOptions decide it (their naming policy, ignore condition, enum converter or MaxDepth).");
            }
        }

        if (MessagePack.EnumsAsStrings && MessagePack.Contract == FastFormatters.MessagePack.MessagePackContract.SameAsJson)
        {
            errors.Add("MessagePack.EnumsAsStrings applies only with MessagePack.Contract = MessagePackCSharp; with SameAsJson, JSON's enum form applies.");
        }
        if (Unified.MaxDepth is < 1 or > MaxDepthLimit)
        {
            errors.Add($"Unified.MaxDepth must be between 1 and {MaxDepthLimit}; it is {Unified.MaxDepth}.");
        }

        if (MessagePack.MaxDepth is < 1 or > MaxDepthLimit)
        {
            errors.Add($"{nameof(MessagePack)}.{nameof(MessagePackOptions.MaxDepth)} must be between 1 and {MaxDepthLimit}; it is {MessagePack.MaxDepth}.");
        }

        if (MessagePack.MaxDecompressedSize < 1)
        {
            errors.Add($"{nameof(MessagePack)}.{nameof(MessagePackOptions.MaxDecompressedSize)} must be at least 1 byte; it is {MessagePack.MaxDecompressedSize}.");
        }

        if (Converters.Contains(null!))
        {
            errors.Add($"{nameof(Converters)} holds null.");
        }

        if (ConverterProviders.Contains(null!))
        {
            errors.Add($"{nameof(ConverterProviders)} holds null.");
        }

        if (ContractModifiers.Contains(null!))
        {
            errors.Add($"{nameof(ContractModifiers)} holds null.");
        }

        if (TypeShapeProviders.Contains(null!))
        {
            errors.Add($"{nameof(TypeShapeProviders)} holds null.");
        }

        foreach (var (name, limit) in new[] { ("Json", Json.MaxRequestBodySize), ("Jsonc", Jsonc.MaxRequestBodySize), ("MessagePack", MessagePack.MaxRequestBodySize) })
        {
            if (limit < 0)
            {
                errors.Add($"{name}.MaxRequestBodySize must be at least 0 bytes; it is {limit}.");
            }
        }

        return errors;
    }

    private void SetUnifiedOnly(string name)
    {
        _unifiedOnlySet ??= [];
        if (!_unifiedOnlySet.Contains(name))
        {
            _unifiedOnlySet.Add(name);
        }
    }
}
