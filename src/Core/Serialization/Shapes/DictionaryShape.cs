using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// A dictionary: read into a <see cref="Dictionary{TKey, TValue}"/> when <typeparamref name="TDictionary"/> is one of its
/// interfaces, else into a new instance from <see cref="Create"/>. Keys are strings, GUIDs, integers, or enums the
/// provider describes (<see cref="EnumShape{T}"/>).
/// </summary>
/// <typeparam name="TDictionary">The dictionary type.</typeparam>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TValue">The value type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class DictionaryShape<TDictionary, TKey, TValue> : TypeShape
    where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    /// <summary>Describes a dictionary type.</summary>
    /// <param name="create">Creates an empty instance (a dictionary class with a public parameterless constructor), or <see langword="null"/>.</param>
    public DictionaryShape(Func<TDictionary>? create = null)
        : base(typeof(TDictionary))
    {
        Create = create;
    }

    /// <summary>Creates an empty instance to add entries to, or <see langword="null"/>.</summary>
    public Func<TDictionary>? Create { get; }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state)
        => visitor.VisitDictionary<TDictionary, TKey, TValue>(Create, state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<TDictionary>();
}
