namespace FastFormatters.Serialization;

/// <summary>
/// The stand-in a resolver hands out for a type asked for while that type's own converter is being created (an app's
/// converter that contains itself through converters from its <see cref="ConverterContext"/>): it forwards to that
/// converter, which it is given as soon as it is created and before either is published.
/// </summary>
internal interface IDeferredConverter
{
    /// <summary>Forwards from now on to <paramref name="converter"/>, the type's converter.</summary>
    void Complete(ValueConverter converter);
}
