namespace FastFormatters.Serialization.Composites;

/// <summary>The converter a <see cref="DeferredComposite{TCodec, TWriter, TReader, T}"/> forwards to, once it is created.</summary>
/// <remarks>The resolver completes it with a converter of its own family, the one its deferred stand-in's codec serves.</remarks>
internal sealed class DeferredTarget<T> : IDeferredConverter
{
    public ValueConverter<T>? Converter { get; private set; }

    public void Complete(ValueConverter converter) => Converter = (ValueConverter<T>)converter;
}
