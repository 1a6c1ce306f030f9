using System.Reflection;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// A <c>[JsonExtensionData]</c> dictionary: its entries are written as members of the owner, and members the owner does
/// not declare are read into it. This is how <c>ProblemDetails.Extensions</c> (traceId, errors, ...) stays at the top level.
/// </summary>
internal sealed class ExtensionDataMember<TOwner>
{
    private readonly Func<TOwner, IDictionary<string, object?>?> _getter;
    private readonly MemberSetter<TOwner, IDictionary<string, object?>>? _setter;

    /// <param name="values">The converter of the entries' values.</param>
    /// <param name="getter">Reads the dictionary.</param>
    /// <param name="setter">Assigns a new one when the member is null, or null when it cannot be assigned.</param>
    public ExtensionDataMember(ValueConverter<object?> values, Func<TOwner, IDictionary<string, object?>?> getter, MemberSetter<TOwner, IDictionary<string, object?>>? setter)
    {
        Values = values;
        _getter = getter;
        _setter = setter;
    }

    public static NotSupportedException NotADictionary(MemberInfo member)
        => new($"The extension data member {member.DeclaringType}.{member.Name} must be an IDictionary<string, object?>.");

    /// <summary>The converter of the entries' values (<see cref="object"/>), of the resolver's format.</summary>
    public ValueConverter<object?> Values { get; }

    /// <summary>The entries of <paramref name="owner"/>, or null.</summary>
    public IDictionary<string, object?>? Entries(TOwner owner) => _getter(owner);

    public int Count(TOwner owner) => _getter(owner)?.Count ?? 0;

    public void Add(ref TOwner owner, string key, object? value)
    {
        var entries = _getter(owner);
        if (entries is null)
        {
            if (_setter is null)
            {
                return;
            }

            entries = new Dictionary<string, object?>();
            _setter(ref owner, entries);
        }

        entries[key] = value;
    }
}
