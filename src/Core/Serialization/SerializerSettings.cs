namespace FastFormatters.Serialization;

/// <summary>An immutable snapshot of the options the serializers run with (limits, compression); what a type's
/// contract is comes from the resolver's <see cref="Contracts.ContractRules"/>.</summary>
internal sealed class SerializerSettings
{
    public SerializerSettings(FastSerializerOptions options)
    {
        if (options.Validate() is { Count: > 0 } errors)
        {
            throw new ArgumentOutOfRangeException(nameof(options), string.Join(" ", errors));
        }

        RejectDuplicateKeys = options.RejectDuplicateKeys;
        MessagePackMaxDepth = options.MessagePack.MaxDepth;
        MessagePackCompressionMode = options.MessagePack.Compression;
        MessagePackMaxDecompressedSize = options.MessagePack.MaxDecompressedSize;
        Converters = [.. options.Converters];
        ConverterProviders = [.. options.ConverterProviders];
        ContractModifiers = [.. options.ContractModifiers];
        TypeShapeProviders = [.. options.TypeShapeProviders];
        Reflection = ReflectionContracts.IsEnabled && options.BuildsByReflection ? new Shapes.ReflectionShapeProvider() : null;
    }

    /// <summary>
    /// What describes the types no app provider describes, where converters are built by reflection
    /// (<see cref="ReflectionContracts.IsEnabled"/> and <see cref="FastSerializerOptions.BuildsByReflection"/>); else null.
    /// </summary>
    public Shapes.ReflectionShapeProvider? Reflection { get; }

    public Shapes.TypeShapeProvider[] TypeShapeProviders { get; }

    /// <summary>The shape of <paramref name="type"/> from the first of the app's providers that describes it, or null.</summary>
    public Shapes.TypeShape? GetShape(Type type)
    {
        foreach (var provider in TypeShapeProviders)
        {
            if (provider.GetShape(type) is { } shape)
            {
                return shape.Type == type
                    ? shape
                    : throw new InvalidOperationException($"{provider.GetType()} returned the shape of {shape.Type} for {type}.");
            }
        }

        return null;
    }

    /// <summary>The app's contract modifiers, in the order they run.</summary>
    public Action<ObjectContractInfo>[] ContractModifiers { get; }

    /// <summary>The app's converters, in registration order, as they were when the serializer was built.</summary>
    public ValueConverter[] Converters { get; }

    /// <summary>The app's converter providers, in the order they are asked.</summary>
    public ConverterProvider[] ConverterProviders { get; }

    public bool RejectDuplicateKeys { get; }

    public int MessagePackMaxDepth { get; }

    public MessagePack.MessagePackCompressionMode MessagePackCompressionMode { get; }

    public int MessagePackMaxDecompressedSize { get; }
}
