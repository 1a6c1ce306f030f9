#pragma warning disable IDE0130 // The contract recognises MessagePack-CSharp's attribute by its full name.
namespace MessagePack;

/// <summary>MessagePack-CSharp's <c>[Union]</c>, by name: this project does not reference the package.</summary>
[AttributeUsage(AttributeTargets.Interface | AttributeTargets.Class, AllowMultiple = true)]
internal sealed class UnionAttribute(int key, Type subType) : Attribute
{
    public int Key { get; } = key;

    public Type SubType { get; } = subType;
}
