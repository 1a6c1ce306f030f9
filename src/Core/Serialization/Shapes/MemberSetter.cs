using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>Assigns a member; by reference, so that a struct is changed in place.</summary>
/// <typeparam name="TOwner">The type that declares the member.</typeparam>
/// <typeparam name="TValue">The member's type.</typeparam>
/// <param name="owner">The instance.</param>
/// <param name="value">The value to assign.</param>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate void MemberSetter<TOwner, in TValue>(ref TOwner owner, TValue value);
