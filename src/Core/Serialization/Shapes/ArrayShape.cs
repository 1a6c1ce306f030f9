namespace FastFormatters.Serialization.Shapes;

/// <summary>A one-dimensional array.</summary>
/// <typeparam name="T">The element type.</typeparam>
public sealed class ArrayShape<T> : TypeShape
{
    /// <summary>Describes <c>T[]</c>.</summary>
    public ArrayShape()
        : base(typeof(T[]))
    {
    }

    internal override ValueConverter CreateConverter(ConverterResolver resolver) => resolver.Family.ArrayOf(resolver.GetConverter<T>());
}
