using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>An enum, written as a number or by name as the contract says.</summary>
/// <typeparam name="T">The enum type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class EnumShape<T> : TypeShape, IEnumShape
    where T : struct, Enum
{
    /// <summary>Describes an enum.</summary>
    public EnumShape()
        : base(typeof(T))
    {
    }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitEnum<T>(state);

    object IEnumShape.CreateDictionaryKey(ConverterResolver resolver) => resolver.Family.EnumKeyOf<T>(resolver);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T>();
}
