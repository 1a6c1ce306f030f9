using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>Reads a member; by reference, so that a struct is read in place rather than copied for each member.</summary>
/// <typeparam name="TOwner">The type that declares the member.</typeparam>
/// <typeparam name="TValue">The member's type.</typeparam>
/// <param name="owner">The instance.</param>
/// <returns>The member's value.</returns>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate TValue MemberGetter<TOwner, out TValue>(ref TOwner owner);
